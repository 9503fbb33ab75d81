import { describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { createApi } from '../../src/app/createApi.js';
import { getUrl } from '../../src/rest/walkPages.js';
import { fullWalk } from '../support/fullWalk.js';

/**
 * The spec profile's answers to the twelve endpoints, pinned: a digest of a full walk of every list
 * (every page, with filters) and every single-entity URL, for every entity, taken before the
 * Blockscout profile and the endpoints beyond the twelve were added. Whatever is added beside them
 * must leave these bytes alone. Update the digests only for a deliberate change of the chain or of
 * the spec's shapes, and say so in the commit.
 */
const PINNED = {
  tiny: { urls: 1_523, digest: 'cd700f49de16bc13d1b94d5beb9e5b90e35785b3f642d5020f7b258b56996bfa' },
  default: { urls: 24_109, digest: '52506271df4b7ffab5bc590fecb0cb39666f29ee001e4155d3f0583b6c247e90' },
};

describe('the spec profile of the twelve endpoints', () => {
  it.each(Object.entries(PINNED))(
    '%s, seed 1: a full walk is byte-identical to the pinned one',
    async (scenario, pinned) => {
      const chain = buildChain({ scenario, seed: 1 });
      const api = createApi(chain);
      const walked = await fullWalk((url) => getUrl(api, url), chain);
      expect({ urls: walked.urls, digest: walked.digest }).toEqual(pinned);
    },
    120_000,
  );
});
