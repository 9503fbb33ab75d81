import fc from 'fast-check';
import { busyChains } from './busyChains.js';
import { type DepositStatus, beaconDepositsOf } from '../domain/beaconDeposits.js';
import { createRestContext } from '../rest/context.js';
import type { Profile } from '../schemas/profile.js';
import { beaconDepositJson } from '../views/beaconDeposit.js';

/** The chains deposits come from: small busy ones, one per seed, built by the server's builder (kept once built). */
const SEEDS = 8;
const chainOf = busyChains('beacon-deposits', 'beacon-deposits', 'Tiny, with a beacon deposit in most blocks.', {
  beaconDepositsPerBlock: 1,
});

export interface BeaconDepositOptions {
  /** Only deposits the explorer marks so. */
  readonly status?: DepositStatus;
  /** Only deposits whose withdrawal credentials are of this type: 0x00 (a BLS key), 0x01 (an address) or 0x02 (compounding). */
  readonly credentials?: '0x00' | '0x01' | '0x02';
  /** Whose address references the value holds (default the spec's). */
  readonly profile?: Profile;
}

/**
 * A beacon deposit (EIP-6110) as `/beacon/deposits` and the block, transaction and address deposit
 * lists answer it: from a small chain the server's builder made, its transaction, block, sender
 * and amount coherent with the rest of that chain.
 *
 * @example
 * import fc from 'fast-check';
 * import { beaconDeposit } from 'explorer-mock/arbitraries';
 * fc.assert(fc.property(beaconDeposit({ status: 'invalid' }), (d) => d.status === 'invalid'));
 */
export const beaconDeposit = (options: BeaconDepositOptions = {}): fc.Arbitrary<any> =>
  fc
    .record({ seed: fc.integer({ min: 0, max: SEEDS - 1 }), pick: fc.nat() })
    .map(({ seed, pick }) => {
      const chain = chainOf(seed);
      const ctx = createRestContext(chain, options.profile ?? 'spec');
      const fitting = beaconDepositsOf(ctx.facts)
        .deposits.map((d, k) => ({ d, k }))
        .filter(
          ({ d }) =>
            (options.status === undefined || d.status === options.status) &&
            (options.credentials === undefined || d.withdrawalCredentials.startsWith(options.credentials)),
        );
      const found = fitting.length ? fitting[pick % fitting.length]! : null;
      return found && JSON.parse(beaconDepositJson(ctx, found.k));
    })
    .filter((x) => x !== null);
