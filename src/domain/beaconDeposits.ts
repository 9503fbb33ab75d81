import type { AccountId, Hex } from '../chain/types.js';
import { fromLittleEndian64, isWellFormedSignature, withdrawalAddressOf } from '../protocol/beaconDeposit.js';
import type { Facts } from './facts.js';

/** Where the explorer has a deposit: `invalid` (its signature fails), `pending` (in the beacon chain's queue) or `completed`. */
export type DepositStatus = 'invalid' | 'pending' | 'completed';

/**
 * Blocks a deposit waits in the beacon chain's pending queue before the explorer sees it
 * processed: one epoch of slots.
 */
export const PENDING_DEPOSIT_BLOCKS = 32;

/** One deposit to the deposit contract (EIP-6110), read from its `DepositEvent` log. */
export interface BeaconDepositFact {
  /** The contract's count before it: 0, 1, 2… */
  readonly index: number;
  readonly transaction: number;
  readonly block: number;
  readonly logIndex: number;
  /** The transaction's sender. */
  readonly fromId: AccountId;
  readonly pubkey: Hex;
  readonly withdrawalCredentials: Hex;
  /** What 0x01 and 0x02 credentials name, lower-case; null for 0x00 ones. */
  readonly withdrawalAddress: Hex | null;
  /** Its account, where the chain has one. */
  readonly withdrawalAddressId: AccountId | null;
  readonly amountGwei: bigint;
  readonly signature: Hex;
  readonly status: DepositStatus;
}

/** The chain's deposits in log order, and the lists the explorer pages them from (made once per chain). */
export interface BeaconDeposits {
  readonly deposits: readonly BeaconDepositFact[];
  readonly byBlock: ReadonlyMap<number, readonly number[]>;
  readonly byTransaction: ReadonlyMap<number, readonly number[]>;
  readonly byFrom: ReadonlyMap<AccountId, readonly number[]>;
}

const push = <K>(map: Map<K, number[]>, key: K, value: number) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/**
 * Every beacon deposit of the chain, from the deposit contract's `DepositEvent` logs. Its status,
 * as the explorer's indexer decides it: `invalid` when its signature is malformed (the mock checks
 * no pairing) and no earlier deposit of its pubkey was valid (a top-up of a known validator needs
 * none); else `pending` until it is `PENDING_DEPOSIT_BLOCKS` blocks below the head, then
 * `completed`.
 */
export function beaconDepositsOf(facts: Facts): BeaconDeposits {
  return facts.memo.get('beacon-deposits', () => {
    const { chain } = facts;
    const head = chain.headHeight;
    const deposits: BeaconDepositFact[] = [];
    const byBlock = new Map<number, number[]>();
    const byTransaction = new Map<number, number[]>();
    const byFrom = new Map<AccountId, number[]>();
    const valid = new Set<string>();
    const contractId = chain.accounts.findIndex((a) => a.contract?.kind === 'deposit-contract');
    const refs = contractId < 0 ? [] : chain.indexes.at(contractId)!.logs;
    for (const ref of refs) {
      if (ref < 0) continue;
      const event = chain.events.at(ref)!;
      if (event.name !== 'DepositEvent') continue;
      const [pubkey, withdrawalCredentials, amount, signature, index] = event.args as Hex[];
      const tx = chain.transactions.at(event.transaction)!;
      const wellFormed = isWellFormedSignature(signature!);
      if (wellFormed) valid.add(pubkey!);
      const status: DepositStatus =
        !wellFormed && !valid.has(pubkey!)
          ? 'invalid'
          : event.block + PENDING_DEPOSIT_BLOCKS <= head
            ? 'completed'
            : 'pending';
      const withdrawalAddress = withdrawalAddressOf(withdrawalCredentials!);
      const k = deposits.length;
      deposits.push({
        index: Number(fromLittleEndian64(index!)),
        transaction: event.transaction,
        block: event.block,
        logIndex: event.index,
        fromId: tx.fromId,
        pubkey: pubkey!,
        withdrawalCredentials: withdrawalCredentials!,
        withdrawalAddress,
        withdrawalAddressId: withdrawalAddress === null ? null : (chain.accountByHash.get(withdrawalAddress) ?? null),
        amountGwei: fromLittleEndian64(amount!),
        signature: signature!,
        status,
      });
      push(byBlock, event.block, k);
      push(byTransaction, event.transaction, k);
      push(byFrom, tx.fromId, k);
    }
    return { deposits, byBlock, byTransaction, byFrom };
  });
}
