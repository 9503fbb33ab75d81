/** Blockscout's smart contracts: `schemas/api/v2/smart_contract.ex` (the detail). */
import { z } from 'zod';
import { addressHash, hexString, implementation, integer, proxyType, timestamp } from './general.js';

const creationStatus = z.enum(['success', 'failed', 'selfdestructed']);
const language = z.enum(['solidity', 'vyper', 'yul', 'geas']);

/** What every contract's answer holds: proxy facts and bytecode (the schema's `required`). */
const always = {
  proxy_type: proxyType,
  implementations: z.array(implementation),
  conflicting_implementations: z.array(z.record(z.string(), z.unknown())).nullable(),
  deployed_bytecode: hexString.nullable(),
  creation_bytecode: hexString.nullable(),
  creation_status: creationStatus,
};

/** A verified contract (or an unverified one shown through its verified twin). */
export const verifiedSmartContract = z
  .strictObject({
    ...always,
    verified_twin_address_hash: addressHash.nullable(),
    is_verified: z.boolean(),
    is_changed_bytecode: z.boolean(),
    is_partially_verified: z.boolean().nullable(),
    is_fully_verified: z.boolean(),
    is_verified_via_sourcify: z.boolean().nullable(),
    is_verified_via_eth_bytecode_db: z.boolean().nullable(),
    is_verified_via_verifier_alliance: z.boolean().nullable(),
    sourcify_repo_url: z.string().nullable(),
    can_be_visualized_via_sol2uml: z.boolean().nullable(),
    name: z.string().nullable(),
    compiler_version: z.string().nullable(),
    optimization_enabled: z.boolean().nullable(),
    optimization_runs: integer.nullable(),
    evm_version: z.string().nullable(),
    verified_at: timestamp.nullable(),
    abi: z.array(z.record(z.string(), z.unknown())).nullable(),
    source_code: z.string().nullable(),
    file_path: z.string().nullable(),
    additional_sources: z.array(z.strictObject({ file_path: z.string(), source_code: z.string() })),
    compiler_settings: z.record(z.string(), z.unknown()).nullable(),
    external_libraries: z.array(z.strictObject({ name: z.string().nullable(), address_hash: addressHash })),
    constructor_args: hexString.nullable(),
    decoded_constructor_args: z.array(z.tuple([z.unknown(), z.record(z.string(), z.unknown())])).nullable(),
    language,
    license_type: z.enum([
      'none',
      'unlicense',
      'mit',
      'gnu_gpl_v2',
      'gnu_gpl_v3',
      'gnu_lgpl_v2_1',
      'gnu_lgpl_v3',
      'bsd_2_clause',
      'bsd_3_clause',
      'mpl_2_0',
      'osl_3_0',
      'apache_2_0',
      'gnu_agpl_v3',
      'bsl_1_1',
    ]),
    certified: z.boolean(),
    is_blueprint: z.boolean(),
  })
  .meta({ id: 'BlockscoutSmartContract' });

/** A contract nobody verified and with no verified twin: the six required keys only. */
export const unverifiedSmartContract = z.strictObject(always).meta({ id: 'BlockscoutUnverifiedSmartContract' });

export const smartContract = z
  .union([verifiedSmartContract, unverifiedSmartContract])
  .meta({ id: 'BlockscoutSmartContractResponse' });
