import { eip1559 } from './transactionTypes/eip1559.js';
import { eip2930 } from './transactionTypes/eip2930.js';
import { eip4844 } from './transactionTypes/eip4844.js';
import { eip7702 } from './transactionTypes/eip7702.js';
import { legacy } from './transactionTypes/legacy.js';
import type { TransactionType } from './transactionType.js';

/**
 * Every transaction type the mock knows, one descriptor each (`transactionTypes/`). A type is
 * added here and nowhere else by number: `TransactionTypeId` (the type of every transaction's
 * `type`) follows from this list, and code asks the descriptor (`transactionType(id)`).
 */
export const TRANSACTION_TYPES = [legacy, eip2930, eip1559, eip4844, eip7702] as const;

/** The number of a transaction type the registry holds. */
export type TransactionTypeId = (typeof TRANSACTION_TYPES)[number]['id'];
/** ox's name of a transaction type the registry holds. */
export type TransactionTypeName = (typeof TRANSACTION_TYPES)[number]['name'];

const BY_ID: ReadonlyMap<number, TransactionType> = new Map(TRANSACTION_TYPES.map((t) => [t.id, t]));

/** The descriptor of a type the registry holds. */
export function transactionType(id: TransactionTypeId): TransactionType<TransactionTypeId, TransactionTypeName> {
  return BY_ID.get(id)! as TransactionType<TransactionTypeId, TransactionTypeName>;
}

/** The descriptor of a type number, or undefined when the registry holds none. */
export const knownTransactionType = (id: number): TransactionType<TransactionTypeId, TransactionTypeName> | undefined =>
  BY_ID.get(id) as TransactionType<TransactionTypeId, TransactionTypeName> | undefined;

/** The types by name: `TYPE.eip1559.id`, where code means one type in particular (what a generator draws). */
export const TYPE = Object.fromEntries(TRANSACTION_TYPES.map((t) => [t.name, t])) as {
  readonly [T in (typeof TRANSACTION_TYPES)[number] as T['name']]: T;
};
