/**
 * The user-operations indexer's answers (ERC-4337) as the explorer proxies them under
 * `/api/v2/proxy/account-abstraction/`: blockscout-rs `user-ops-indexer`'s proto messages in their
 * JSON mapping (uint64 as strings, uint32 as numbers, unset optionals as null), each address field
 * the proxy knows replaced by the profile's address reference (`address_with_info`), and the
 * operation's call data decoded by the explorer (`decoded_call_data`, `decoded_execute_call_data`).
 */
import { z } from 'zod';
import { anyCaseAddress, decodedInput, fullHash, hexString, integer, integerString } from './blockscout/general.js';

/** Where the proxy's routes live under /api/v2. */
export const USER_OPS_PREFIX = '/proxy/account-abstraction';

/** `{code, message, details}`: the indexer's gRPC status, which the proxy passes through with its HTTP status. */
export const userOpsError = z
  .strictObject({ code: z.number().int(), message: z.string(), details: z.array(z.unknown()) })
  .meta({ id: 'UserOpsIndexerError' });

const timestamp = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
const version = z.enum(['v0.6', 'v0.7']);
const pagination = z.strictObject({ page_token: z.string(), page_size: integer }).nullable();
const page = (item: z.ZodType) => z.strictObject({ items: z.array(item), next_page_params: pagination });
const uint64 = integerString;

export function userOpsResponses(addressRef: z.ZodType): Record<string, z.ZodType> {
  const address = z.union([addressRef, anyCaseAddress]);
  const listOp = z.strictObject({
    hash: fullHash,
    entry_point: address,
    entry_point_version: version,
    block_number: uint64,
    transaction_hash: fullHash,
    address,
    timestamp,
    status: z.boolean(),
    fee: integerString,
  });
  const raw = z.strictObject({
    sender: anyCaseAddress,
    nonce: hexString,
    init_code: hexString,
    call_data: hexString,
    call_gas_limit: uint64.optional(),
    verification_gas_limit: uint64.optional(),
    account_gas_limits: hexString.optional(),
    pre_verification_gas: uint64,
    max_fee_per_gas: integerString.optional(),
    max_priority_fee_per_gas: integerString.optional(),
    gas_fees: hexString.optional(),
    paymaster_and_data: hexString,
    signature: hexString,
  });
  const operation = z.strictObject({
    hash: fullHash,
    sender: address,
    nonce: hexString,
    call_data: hexString,
    decoded_call_data: decodedInput.nullable(),
    execute_target: address.nullable(),
    execute_call_data: hexString.nullable(),
    decoded_execute_call_data: decodedInput.nullable(),
    call_gas_limit: uint64,
    verification_gas_limit: uint64,
    pre_verification_gas: uint64,
    max_fee_per_gas: integerString,
    max_priority_fee_per_gas: integerString,
    signature: hexString,
    raw,
    aggregator: anyCaseAddress.nullable(),
    aggregator_signature: hexString.nullable(),
    entry_point: address,
    entry_point_version: version,
    transaction_hash: fullHash,
    block_number: uint64,
    block_hash: fullHash,
    bundler: address,
    bundle_index: integer,
    index: integer,
    factory: address.nullable(),
    paymaster: address.nullable(),
    status: z.boolean(),
    revert_reason: hexString.nullable(),
    gas: uint64,
    gas_price: integerString,
    gas_used: uint64,
    sponsor_type: z.enum(['paymaster_hybrid', 'paymaster_sponsor', 'wallet_balance', 'wallet_deposit']),
    user_logs_start_index: integer,
    user_logs_count: integer,
    fee: integerString,
    consensus: z.boolean(),
    timestamp,
  });
  const account = z.strictObject({
    address,
    factory: address.nullable(),
    creation_transaction_hash: fullHash.nullable(),
    creation_op_hash: fullHash.nullable(),
    creation_timestamp: timestamp.nullable(),
    total_ops: integer,
  });
  const bundle = z.strictObject({
    transaction_hash: fullHash,
    bundler: address,
    block_number: uint64,
    bundle_index: integer,
    timestamp,
    total_ops: integer,
  });
  const bundler = z.strictObject({ address, total_bundles: integer, total_ops: integer });
  const paymaster = z.strictObject({ address, total_ops: integer });
  const factory = z.strictObject({ address, total_accounts: integer });
  const summaryVariable = z.union([
    z.strictObject({ type: z.literal('address'), value: addressRef }),
    z.strictObject({ type: z.literal('token'), value: z.unknown() }),
    z.strictObject({ type: z.enum(['currency', 'string', 'method']), value: z.string() }),
  ]);
  const prefix = USER_OPS_PREFIX;
  return {
    [`${prefix}/operations`]: page(listOp),
    [`${prefix}/operations/{operation_hash}`]: operation,
    [`${prefix}/operations/{operation_hash}/summary`]: z.strictObject({
      success: z.boolean(),
      data: z.strictObject({
        summaries: z.array(
          z.strictObject({
            summary_template: z.string(),
            summary_template_variables: z.record(z.string(), summaryVariable),
          }),
        ),
      }),
    }),
    [`${prefix}/accounts`]: page(account),
    [`${prefix}/accounts/{address_hash}`]: account,
    [`${prefix}/bundles`]: page(bundle),
    [`${prefix}/bundlers`]: page(bundler),
    [`${prefix}/bundlers/{address_hash}`]: bundler,
    [`${prefix}/paymasters`]: page(paymaster),
    [`${prefix}/paymasters/{address_hash}`]: paymaster,
    [`${prefix}/factories`]: page(factory),
    [`${prefix}/factories/{address_hash}`]: factory,
    [`${prefix}/status`]: z.strictObject({
      finished_past_indexing: z.boolean(),
      v06: z.strictObject({
        enabled: z.boolean(),
        live: z.boolean(),
        past_db_logs_indexing_finished: z.boolean(),
        past_rpc_logs_indexing_finished: z.boolean(),
      }),
      v07: z.strictObject({
        enabled: z.boolean(),
        live: z.boolean(),
        past_db_logs_indexing_finished: z.boolean(),
        past_rpc_logs_indexing_finished: z.boolean(),
      }),
    }),
  };
}
