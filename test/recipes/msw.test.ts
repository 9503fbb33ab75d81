/**
 * The README's MSW recipe, run for real: MSW intercepts the app's requests to the explorer and
 * answers them from the in-process handler.
 */
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/handler/createHandler.js';

const handler = createHandler({ scenario: 'tiny', seed: 1 });
const mocks = setupServer(http.all('*/api/v2/*', ({ request }) => handler(request)));

beforeAll(() => mocks.listen({ onUnhandledRequest: 'error' }));
afterAll(() => mocks.close());

describe('the MSW recipe', () => {
  it('answers the app’s explorer requests from the mock chain', async () => {
    const blocks = (await fetch('https://explorer.example.com/api/v2/blocks').then((r) => r.json())) as {
      items: { height: number }[];
    };
    expect(blocks.items[0]!.height).toBe(handler.chain.headHeight);
    const whale = (await fetch(`https://explorer.example.com/api/v2/addresses/${handler.chain.handles.whale}`).then(
      (r) => r.json(),
    )) as { hash: string };
    expect(whale.hash).toBe(handler.chain.handles.whale);
    const failing = await fetch('https://explorer.example.com/api/v2/blocks', { headers: { 'x-mock-status': '503' } });
    expect(failing.status).toBe(503);
  });
});
