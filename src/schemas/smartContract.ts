import { z } from 'zod';
import { addressHash, hexBytes, nonNegativeInteger, timestamp } from './formats.js';

const creationStatus = z.enum(['selfdestructed', 'failed', 'success']);

export const verifiedSmartContract = z
  .strictObject({
    name: z.string(),
    language: z.enum(['solidity', 'vyper', 'yul']),
    creation_status: creationStatus,
    is_verified: z.boolean(),
    is_partially_verified: z.boolean(),
    is_fully_verified: z.boolean(),
    is_changed_bytecode: z.boolean(),
    is_verified_via_registry: z.boolean(),
    is_verified_via_eth_bytecode_db: z.boolean(),
    can_be_visualized_via_diagram_tool: z.boolean(),
    verified_twin_address_hash: addressHash.nullable(),
    minimal_proxy_address_hash: addressHash.nullable(),
    registry_repo_url: z.string().nullable(),
    verified_at: timestamp,
    compiler_version: z.string(),
    evm_version: z.string(),
    optimization_enabled: z.boolean(),
    optimizations_runs: nonNegativeInteger.nullable(),
    compiler_settings: z.record(z.string(), z.unknown()),
    abi: z.string().refine((text) => {
      try {
        return Array.isArray(JSON.parse(text));
      } catch {
        return false;
      }
    }, 'abi must be a JSON array as text'),
    source_code: z.string(),
    file_path: z.string(),
    additional_sources: z.array(z.strictObject({ file_path: z.string(), source_code: z.string() })),
    constructor_args: hexBytes.nullable(),
    decoded_constructor_args: z
      .array(z.tuple([z.unknown(), z.strictObject({ internalType: z.string(), name: z.string(), type: z.string() })]))
      .nullable(),
    deployed_bytecode: hexBytes,
    creation_bytecode: hexBytes,
    external_libraries: z.array(z.strictObject({ name: z.string(), address_hash: addressHash })),
  })
  .meta({
    id: 'SmartContract',
    description: 'A verified contract (or an unverified one shown with its verified twin).',
  });

/** What the endpoint answers for a contract nobody verified. */
export const unverifiedSmartContract = z
  .strictObject({
    deployed_bytecode: hexBytes,
    creation_bytecode: hexBytes,
    creation_status: creationStatus,
    is_verified: z.literal(false),
  })
  .meta({ id: 'UnverifiedSmartContract' });

export const smartContract = z
  .union([verifiedSmartContract, unverifiedSmartContract])
  .meta({ id: 'SmartContractResponse' });
