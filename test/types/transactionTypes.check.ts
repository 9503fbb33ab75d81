/**
 * Type tests of the protocol's transaction-type registry (compiled by `npm run typecheck`, never
 * run): a type is one registry entry, and the type checker holds every descriptor and every
 * transaction's `type` to the registry.
 */
import type { Transaction } from '../../src/chain/types.js';
import type { TransactionType } from '../../src/protocol/transactionType.js';
import { legacy } from '../../src/protocol/transactionTypes/legacy.js';
import type { TransactionTypeId, TransactionTypeName } from '../../src/protocol/transactionTypes.js';

// A transaction's type is a number the registry holds, and nothing else.
export const eip1559: Transaction['type'] = 2;
// @ts-expect-error no type 9 in the registry
export const unknown: Transaction['type'] = 9;
export const names: TransactionTypeName[] = ['legacy', 'eip2930', 'eip1559', 'eip7702'];
// @ts-expect-error no type of that name
export const misnamed: TransactionTypeName = 'eip1558';
export const ids: TransactionTypeId[] = [0, 1, 2, 4];

// A descriptor gives everything a type must: leaving out its fee rule's admission check does not compile.
const { fieldProblem: _, ...withoutCheck } = legacy;
// @ts-expect-error fieldProblem is missing
export const incomplete: TransactionType<9, 'test'> = { ...withoutCheck, id: 9, name: 'test' };
export const complete: TransactionType<9, 'test'> = { ...legacy, id: 9, name: 'test' };
