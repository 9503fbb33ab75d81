import { describe, expect, it } from 'vitest';
import '../app/loadModulesEagerly.js';
import { buildChain } from '../../generators/buildChain.js';
import { getUrl } from '../rest/walkPages.js';
import { createApi } from './createApi.js';
import { scenarioSummary } from './scenarioSummary.js';

describe('the handles /__mock/scenario lists', () => {
  const chain = buildChain({ scenario: 'tiny', seed: 1 });
  const { handles } = scenarioSummary(chain, 'blockscout');

  it('name a user operation as one, linked to the indexer’s answers', () => {
    const op = handles.find((h) => h.name === 'userOperation')!;
    expect(op.kind).toBe('userOperation');
    expect(op.links).toEqual([
      `/api/v2/proxy/account-abstraction/operations/${op.value}`,
      `/api/v2/proxy/account-abstraction/operations/${op.value}/summary`,
    ]);
  });

  it('link only to answers that exist', () => {
    const api = createApi(chain, { profile: 'blockscout' });
    for (const handle of handles)
      for (const link of handle.links) expect(getUrl(api, link).status, `${handle.name}: ${link}`).toBe(200);
  });
});
