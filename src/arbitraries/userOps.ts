import fc from 'fast-check';
import { busyChains } from './busyChains.js';
import { factsOf } from '../domain/facts.js';
import { type UserOperationFact, userOpsOf } from '../domain/userOps.js';
import { createRestContext } from '../rest/context.js';
import { accountJson, bundleJson, listOpJson, operationJson } from '../rest/endpoints/userOps.js';
import type { Profile } from '../schemas/profile.js';

/** The chains user-operation values come from: small busy ones, one per seed, built by the server's builder (kept once built). */
const SEEDS = 12;
const chainOf = busyChains('user-ops', 'user-operations', 'Tiny, with a user operation or two in most blocks.', {
  userOperationsPerBlock: 1.5,
});

export interface UserOperationOptions {
  /** Only operations that succeeded (true) or whose call reverted (false). */
  readonly status?: boolean;
  /** Only operations a paymaster paid for (true) or their senders (false). */
  readonly sponsored?: boolean;
  /** Only operations of one EntryPoint version. */
  readonly entryPointVersion?: '0.6' | '0.7';
  /** Whose address references the value holds (default the spec's). */
  readonly profile?: Profile;
}

const asClientSees = (value: unknown): any => JSON.parse(JSON.stringify(value));

/** A chain, one of its operations that fits `options`, and the profile's context to render it. */
const pickOp = (options: UserOperationOptions) =>
  fc
    .record({ seed: fc.integer({ min: 0, max: SEEDS - 1 }), pick: fc.nat() })
    .map(({ seed, pick }) => {
      const chain = chainOf(seed);
      const ops = userOpsOf(factsOf(chain)).ops.filter(
        (op: UserOperationFact) =>
          (options.status === undefined || op.status === options.status) &&
          (options.sponsored === undefined || (op.paymasterId !== null) === options.sponsored) &&
          (options.entryPointVersion === undefined || op.version === options.entryPointVersion),
      );
      const op = ops.length ? ops[pick % ops.length]! : null;
      return op && { ctx: createRestContext(chain, options.profile ?? 'spec'), op };
    })
    .filter((x): x is NonNullable<typeof x> => x !== null);

/**
 * An ERC-4337 user operation as the explorer's account-abstraction proxy answers
 * `/proxy/account-abstraction/operations/{hash}`: from a small chain the server's builder made,
 * its bundle, logs, fee and nonce coherent with the rest of that chain.
 */
export const userOperation = (options: UserOperationOptions = {}): fc.Arbitrary<any> =>
  pickOp(options).map(({ ctx, op }) => asClientSees(operationJson(ctx, op)));

/** A user operation as `/proxy/account-abstraction/operations` lists it. */
export const userOperationInList = (options: UserOperationOptions = {}): fc.Arbitrary<any> =>
  pickOp(options).map(({ ctx, op }) => asClientSees(listOpJson(ctx, op)));

/** A smart account as `/proxy/account-abstraction/accounts/{hash}` answers it: the sender of a drawn operation. */
export const userOpsAccount = (options: Pick<UserOperationOptions, 'profile'> = {}): fc.Arbitrary<any> =>
  pickOp(options).map(({ ctx, op }) => asClientSees(accountJson(ctx, userOpsOf(ctx.facts), op.senderId)));

/** A bundle (one handleOps transaction) as `/proxy/account-abstraction/bundles` lists it. */
export const userOpsBundle = (options: Pick<UserOperationOptions, 'profile'> = {}): fc.Arbitrary<any> =>
  pickOp(options).map(({ ctx, op }) => {
    const bundle = userOpsOf(ctx.facts).bundles.find((b) => b.transaction === op.transaction)!;
    return asClientSees(bundleJson(ctx, bundle));
  });
