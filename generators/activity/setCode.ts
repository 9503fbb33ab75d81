import { DEFAULT_CHAIN_ID } from '../../src/chain/types.js';
import { AUTHORIZATION_GAS } from '../../src/protocol/intrinsicGas.js';
import { TYPE } from '../../src/protocol/transactionTypes.js';
import type { Scene } from './context.js';
import { canAfford, gas, hashOf, pickOther } from './pick.js';
import type { AuthorizationSpec, InternalSpec, TxPlan } from '../ledger/plan.js';

/** The zero address's account: a delegation to it clears one. */
export const ZERO_ID = 0;

/** What a set-code transaction does with its first authorization: delegate, move to another delegate, or clear. */
export type SetCodeIntent = 'delegate' | 'redelegate' | 'clear';

/** The chain id a generated authorization names: mostly the chain's, sometimes 0 (any chain), as wallets sign both. */
const chainIdFor = (scene: Scene): number =>
  scene.rng.chance(0.2) ? 0 : (scene.state.scenario.chainId ?? DEFAULT_CHAIN_ID);

/** An authorization that will not apply: another chain's id, or a nonce already used. */
function invalidAuthorization(scene: Scene, authorityId: number, delegateId: number): AuthorizationSpec {
  const { state, rng } = scene;
  const nonce = state.accounts[authorityId]!.nonce;
  const chainId = state.scenario.chainId ?? DEFAULT_CHAIN_ID;
  return rng.chance(0.5) || nonce === 0
    ? { authorityId, delegateId, chainId: chainId + 1, nonce: BigInt(nonce) }
    : { authorityId, delegateId, chainId, nonce: BigInt(nonce - 1) };
}

/**
 * A few coin payments made through a delegated account's code (its `executeBatch`), as internal
 * calls from the account; null when it cannot pay for them.
 */
function batchOf(scene: Scene, accountId: number): { plan: Omit<TxPlan, 'type'>; calls: number } | null {
  const { state, rng } = scene;
  const count = rng.int(1, 3);
  const balance = state.accounts[accountId]!.balance;
  const share = balance / 200n / BigInt(count);
  const internals: InternalSpec[] = [];
  const calls = [];
  for (let k = 0; k < count; k++) {
    const toId = pickOther(scene, accountId);
    const value = (share * BigInt(rng.int(1, 100))) / 100n;
    internals.push({ type: 'call', fromId: accountId, toId, value, gasLimit: BigInt(rng.int(30_000, 60_000)) });
    calls.push({ to: hashOf(scene, toId), value, data: '0x' });
  }
  const sent = internals.reduce((sum, i) => sum + i.value, 0n);
  const cost = gas(scene, 40_000 + 12_000 * count, 55_000 + 14_000 * count);
  if (!canAfford(scene, accountId, sent, cost.gasLimit)) return null;
  return {
    plan: {
      fromId: accountId,
      toId: accountId,
      value: 0n,
      ...cost,
      call: { contractKind: 'batch-executor', functionName: 'executeBatch', args: [calls] },
      internals,
    },
    calls: count,
  };
}

/**
 * A set-code transaction (EIP-7702, type 4). Sent by the authority itself, it names its own nonce
 * after the transaction's and runs a first batch through the new code; sent by a sponsor, it
 * only carries the authority's signed authorization. Sometimes a second authorization that will
 * not apply rides along. Null when nobody can pay. `batch: false` sends a bare delegation (a
 * scenario's own).
 */
export function setCodeTransaction(
  scene: Scene,
  authorityId: number,
  delegateId: number,
  options: { readonly sponsorId?: number; readonly withInvalid?: boolean; readonly batch?: boolean } = {},
): TxPlan | null {
  const { state } = scene;
  const sponsored = options.sponsorId !== undefined && options.sponsorId !== authorityId;
  const fromId = sponsored ? options.sponsorId! : authorityId;
  const authority = state.accounts[authorityId]!;
  const own: AuthorizationSpec = {
    authorityId,
    delegateId,
    chainId: chainIdFor(scene),
    nonce: BigInt(authority.nonce + (sponsored ? 0 : 1)),
  };
  const authorizations = [own];
  if (options.withInvalid) authorizations.push(invalidAuthorization(scene, pickOther(scene, authorityId), delegateId));
  const extra = AUTHORIZATION_GAS * authorizations.length;
  const batch = !sponsored && delegateId !== ZERO_ID && options.batch !== false ? batchOf(scene, authorityId) : null;
  if (batch)
    return {
      ...batch.plan,
      gasUsed: batch.plan.gasUsed + extra,
      gasLimit: batch.plan.gasLimit + extra,
      authorizations,
      type: TYPE.eip7702.id,
    };
  const cost = { gasUsed: 21_000 + extra, gasLimit: 21_000 + extra + 5_000 };
  if (!canAfford(scene, fromId, 0n, cost.gasLimit)) return null;
  return { fromId, toId: authorityId, value: 0n, ...cost, call: null, authorizations, type: TYPE.eip7702.id };
}

/** A delegated account calling through its code: an EIP-1559 transaction to itself running a batch. */
export function delegatedCall(scene: Scene, accountId: number): TxPlan | null {
  const batch = batchOf(scene, accountId);
  return batch && { ...batch.plan, type: TYPE.eip1559.id };
}
