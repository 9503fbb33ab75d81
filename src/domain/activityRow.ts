import { type AccountId, NONE, type TokenType } from '../chain/types.js';
import { type ActivityItem, batchIndexOf } from './activityItems.js';
import { hasCodeNow } from './delegations.js';
import type { Facts } from './facts.js';
import { tokenOf } from './tokens.js';
import { feesOf, internalGasUsedOf } from './transactions.js';

/** What kind of activity a row is: a coin row's kind, or a token transfer's token type. */
export type ActivityType = 'coin_transfer' | 'contract_interaction' | 'contract_creation' | TokenType;

/** The facts of one activity row, as the explorer's advanced filter lists them. */
export interface ActivityRow {
  readonly item: ActivityItem;
  readonly type: ActivityType;
  readonly from: AccountId;
  /** NONE for a creation. */
  readonly to: AccountId;
  /** NONE unless the row creates a contract (never on a token transfer's row). */
  readonly created: AccountId;
  /** The coin value moved; null on a token transfer's row. */
  readonly value: bigint | null;
  readonly block: number;
  readonly transactionIndex: number;
  readonly internalIndex: number | null;
  readonly logIndex: number | null;
  readonly batchIndex: number | null;
  /** The transaction's fee, or for an internal call its gas used at the transaction's price (null when unknown). */
  readonly fee: bigint | null;
}

/** A call of an address with code now (a delegated EOA's designator counts, EIP-7702) is an interaction. */
const coinType = (facts: Facts, to: AccountId): ActivityType =>
  to === NONE
    ? 'contract_creation'
    : hasCodeNow(facts, facts.chain.accounts[to]!)
      ? 'contract_interaction'
      : 'coin_transfer';

export function activityRowOf(facts: Facts, item: ActivityItem): ActivityRow {
  const { chain } = facts;
  const tx = chain.transactions.at(item.transaction)!;
  const common = { item, block: tx.block, transactionIndex: tx.position };
  if (item.kind === 'transaction')
    return {
      ...common,
      type: coinType(facts, tx.toId),
      from: tx.fromId,
      to: tx.toId,
      created: tx.createdId,
      value: tx.value,
      internalIndex: null,
      logIndex: null,
      batchIndex: null,
      fee: feesOf(facts, tx).fee,
    };
  if (item.kind === 'internal') {
    const it = chain.internalTransactions.at(item.internal)!;
    const gasUsed = internalGasUsedOf(it);
    return {
      ...common,
      type: coinType(facts, it.toId),
      from: it.fromId,
      to: it.toId,
      created: it.createdId,
      value: it.value,
      internalIndex: it.index,
      logIndex: null,
      batchIndex: null,
      fee: gasUsed === null ? null : gasUsed * tx.gasPrice,
    };
  }
  const transfer = chain.tokenTransfers.at(item.transfer)!;
  return {
    ...common,
    type: tokenOf(facts, transfer.tokenId).type,
    from: transfer.fromId,
    to: transfer.toId,
    created: NONE,
    value: null,
    internalIndex: null,
    logIndex: transfer.logIndex,
    batchIndex: batchIndexOf(chain, item.transfer, item.k),
    fee: feesOf(facts, tx).fee,
  };
}

/**
 * The fees a listing shows: a row of the same transaction as the row before it shows 0, unless it
 * is an internal call's (the explorer's `sanitize_fee`, over one page or export).
 */
export const listedFees = (rows: readonly ActivityRow[]): (bigint | null)[] =>
  rows.map((row, i) =>
    i > 0 && rows[i - 1]!.item.transaction === row.item.transaction && row.item.kind !== 'internal' ? 0n : row.fee,
  );
