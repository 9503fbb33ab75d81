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
  // Re-pinned with the node: Multicall3 predeployed at its canonical address (15 more URLs), and
  // the catalogue's ERC-721 and ERC-1155 ABIs and sources gaining approve/getApproved,
  // setApprovalForAll/isApprovedForAll, balanceOfBatch and supportsInterface.
  tiny: { urls: 1_538, digest: '3c8d107d5a6a158bd5d6fe8e51f041e8fcf83a90209e7ffdb528ca4abddbae76' },
  default: { urls: 24_124, digest: '0d89327a7a7e6130df4a0a62ee4e1d27cbaa6e0e61bacbc7b767d624fb6119f4' },
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
