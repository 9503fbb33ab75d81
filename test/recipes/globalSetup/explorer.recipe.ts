import { describe, expect, inject, it } from 'vitest';

describe('a test suite using the explorer-mock started by globalSetup', () => {
  it('reaches the mock at the provided URL', async () => {
    const blocks = (await fetch(`${inject('explorerUrl')}/api/v2/blocks`).then((r) => r.json())) as {
      items: unknown[];
    };
    expect(blocks.items.length).toBeGreaterThan(0);
  });
});
