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
  // setApprovalForAll/isApprovedForAll, balanceOfBatch and supportsInterface. Again when the
  // agreement laws found a self-destructed contract's deployed_bytecode was its old code: it is 0x
  // (the explorer's "selfdestructed" is its empty code; eth_getCode says 0x). Again with the ten
  // funded test accounts of the test mnemonic (wallet sends): their own URLs (140 on tiny, 141 on
  // default) and the rich list, which they join at 10,000 ETH each (its later pages' cursors
  // shift); a walk of both digests showed every other URL byte-identical. Again when verified_at
  // moved between a contract's creation and the head (it was up to three days after creation,
  // mostly past the head): only /smart-contracts/{h} answers changed (26 on tiny, 191 on default).
  // Again when block hashes stopped committing to the timestamp (--head-time moves only times):
  // every block hash changed, nothing else (the digests before the change held with it reverted).
  // Again when NFT media moved from an invented host to the mock's own drawings
  // (http://127.0.0.1:4000/__mock/nft/{token}/{id}.svg): 83 answers on tiny, 1,151 on default; with
  // those URLs mapped back to the old ones both walks gave the digests before the change.
  // Again with EIP-7702 (issue 32): two batch executors predeployed at genesis (their own URLs),
  // a few set-code transactions and calls through delegations in each block's own streams; the
  // coin and nonces they move change the later blocks' activity, so most lists change (tiny 25
  // URLs more, default 174 fewer: other page counts); a delegated EOA has code, so its
  // is_contract is true and its implementation fields name its delegate. With the set-code
  // activity switched off the old digests held byte for byte, so the change is these alone.
  // Again with EIP-4844 blobs (issue 32): two rollups' batch senders and inboxes registered at
  // genesis (their own URLs), their blob transactions (type 3) after each block's other activity
  // in streams of their own (tiny 9, default 70); their gas moves later blocks' base fees, so
  // later activity changes too and most lists change (tiny 56 URLs more, default 40 more). With
  // the chain spec's blobs switched off the old digests held byte for byte.
  // Again with ERC-4337 (issue 32): EntryPoint v0.6 and v0.7 at their canonical addresses, a
  // factory and a paymaster for each, predeployed at genesis (their own URLs); bundles of user
  // operations from the blocks' own streams, the smart accounts their factories create, the coin
  // and tokens owners send them; the coin and nonces they move change the later blocks' activity
  // (tiny 129 URLs more, default 136 more). With the predeploys and the activity switched off the
  // old digests held byte for byte, so the change is these alone. Again when a decoded input's
  // tuple arguments (handleOps' operations, executeBatch's calls) printed as "[object Object]":
  // they are JSON arrays of their components' values now (same URLs).
  // Again with both (issue 32's branches merged): the chain holds the blobs' batchers and the
  // user operations' predeploys and bundles together, each from streams of its own, so the later
  // blocks' activity changes again (tiny 127 URLs more than the EIP-4844 pin, default 122 more).
  // With the ERC-4337 predeploys and activity switched off (and tuple arguments printed as before)
  // the merged chain gave the EIP-4844 digests (1,759 and 24,131 URLs) byte for byte, so the
  // change is these alone.
  // Again when a decoded input's signature spelled a tuple as the explorer does ((address,uint256,bytes)[],
  // not tuple[]): the only code change is that text (the EIP-7702 executeBatch calls' method_call).
  // Again when the Blockscout UI showed a "Max priority" above the "Max" fee: a tight fee cap
  // (base fee + half the tip) kept the whole tip as max_priority_fee_per_gas, above the cap where
  // the base fee was low, which a node refuses (EIP-1559). The tip offered is capped at the fee cap
  // now; what each transaction pays is unchanged (its cap still clips it), so only
  // max_priority_fee_per_gas changed, on 34 transactions of tiny and 1,193 of default. With those
  // values mapped back to the old ones both walks gave the digests before the change.
  // Again with beacon deposits (EIP-6110, issue 32): the deposit contract at its canonical address
  // and three stakers funded at genesis (their own URLs), deposits from streams of their own
  // (tiny 6, default 52) moving coin into the contract; their gas moves later base fees, so the
  // later blocks differ (tiny 54 URLs more, default 28 more). With beaconDepositsPerBlock 0 (no
  // contract, no stakers, no deposits) the digests above held byte for byte, so the change is
  // these alone.
  // Both together (merged): the URL counts the deposits' (the tip cap adds none), digests of both changes.
  tiny: { urls: 1_940, digest: '9ab158a2333225023c831b35c9b6fca31a63de48a24b7286c7f63062d272dcc8' },
  default: { urls: 24_281, digest: '08d6368bfeb2b404a64cede7ac4bcadbb01da1056899f648ddc8c6106af860a3' },
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
