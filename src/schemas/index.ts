/**
 * One schema per resource of the API, and one per endpoint response: the source of the views'
 * TypeScript types, of the runtime validation in tests, and of the OpenAPI document.
 *
 * @example
 * import { schemas } from 'explorer-mock/schemas';
 * schemas.responses.addressTransactions.parse(await response.json());
 */
import { z } from 'zod';
import { address, addressListItem, addressMetadata, addressRef, tag, watchlistName } from './address.js';
import { block, reward } from './block.js';
import { endpoints } from './endpoints.js';
import { errorBody, validationIssue } from './errors.js';
import { internalTransaction } from './internalTransaction.js';
import { responses } from './responses.js';
import { smartContract, unverifiedSmartContract, verifiedSmartContract } from './smartContract.js';
import { token } from './token.js';
import { addressTokenBalanceItem, collectionTokenInstance, nftCollectionItem, tokenInstance } from './tokenInstance.js';
import { tokenTransfer } from './tokenTransfer.js';
import { action, decodedInput, decodedInputParameter, fee, transaction } from './transaction.js';
import { addressWithdrawal, withdrawal } from './withdrawal.js';

export const schemas = {
  addressRef,
  address,
  addressListItem,
  tag,
  watchlistName,
  addressMetadata,
  token,
  tokenInstance,
  collectionTokenInstance,
  addressTokenBalanceItem,
  nftCollectionItem,
  transaction,
  fee,
  decodedInput,
  decodedInputParameter,
  action,
  tokenTransfer,
  block,
  reward,
  smartContract,
  verifiedSmartContract,
  unverifiedSmartContract,
  internalTransaction,
  withdrawal,
  addressWithdrawal,
  errorBody,
  validationIssue,
  responses,
} as const;

/** JSON Schema (draft 2020-12) of every schema, by name; formats are kept as `pattern`s. */
export function jsonSchemas(): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  const convert = (schema: z.ZodType) =>
    z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>;
  for (const [name, schema] of Object.entries(schemas)) {
    if (name === 'responses') continue;
    out[name] = convert(schema as z.ZodType);
  }
  for (const [name, schema] of Object.entries(responses)) out[`responses.${name}`] = convert(schema);
  return out;
}

export { endpoints };
export { profileSchemas } from './profileSchemas.js';
export type { ProfileSchemas } from './profileSchemas.js';
export { explorerPageResponses } from './explorerPages.js';
export type { Resources } from './explorerPages.js';

/**
 * The Blockscout profile's resource schemas, written from Blockscout v11's OpenApiSpex definitions.
 *
 * @example
 * import { profileSchemas } from 'explorer-mock/schemas';
 * profileSchemas('blockscout').pages['/transactions/{transaction_hash}'].parse(await response.json());
 */
export * as blockscoutSchemas from './blockscout/index.js';
export type { Endpoint, PathParameter, QueryParameter } from './endpoints.js';

export type AddressRef = z.output<typeof addressRef>;
export type Address = z.output<typeof address>;
export type AddressListItem = z.output<typeof addressListItem>;
export type Token = z.output<typeof token>;
export type TokenInstance = z.output<typeof tokenInstance>;
export type CollectionTokenInstance = z.output<typeof collectionTokenInstance>;
export type AddressTokenBalanceItem = z.output<typeof addressTokenBalanceItem>;
export type NftCollectionItem = z.output<typeof nftCollectionItem>;
export type Transaction = z.output<typeof transaction>;
export type Fee = z.output<typeof fee>;
export type DecodedInput = z.output<typeof decodedInput>;
export type Action = z.output<typeof action>;
export type TokenTransfer = z.output<typeof tokenTransfer>;
export type Block = z.output<typeof block>;
export type Reward = z.output<typeof reward>;
export type SmartContract = z.output<typeof smartContract>;
export type VerifiedSmartContract = z.output<typeof verifiedSmartContract>;
export type UnverifiedSmartContract = z.output<typeof unverifiedSmartContract>;
export type InternalTransaction = z.output<typeof internalTransaction>;
export type Withdrawal = z.output<typeof withdrawal>;
export type AddressWithdrawal = z.output<typeof addressWithdrawal>;
export type ErrorBody = z.output<typeof errorBody>;
export type Responses = { [K in keyof typeof responses]: z.output<(typeof responses)[K]> };
