import { compilerVersions } from '../../domain/contracts.js';
import type { EndpointHandler } from '../endpoint.js';
import { jsonResponse } from '../response.js';

/** The EVM versions a default deployment allows (`CONTRACT_VERIFICATION_ALLOWED_*_EVM_VERSIONS`, `config/runtime.exs`). */
const SOLIDITY_EVM_VERSIONS = [
  'homestead',
  'tangerineWhistle',
  'spuriousDragon',
  'byzantium',
  'constantinople',
  'petersburg',
  'istanbul',
  'berlin',
  'london',
  'paris',
  'shanghai',
  'cancun',
  'prague',
  'osaka',
  'default',
];
const VYPER_EVM_VERSIONS = [
  'byzantium',
  'constantinople',
  'petersburg',
  'istanbul',
  'berlin',
  'paris',
  'shanghai',
  'cancun',
  'osaka',
  'default',
];

/**
 * The ways a default deployment verifies: the verifier microservice is on by default
 * (`MICROSERVICE_SC_VERIFIER_ENABLED`), which adds its three to the explorer's own; Sourcify and
 * Stylus are off (`VerificationController.get_verification_options`).
 */
const VERIFICATION_OPTIONS = [
  'multi-part',
  'vyper-multi-part',
  'vyper-standard-input',
  'flattened-code',
  'standard-input',
  'vyper-code',
];

/** `SmartContract`'s license enum, as the config sends it (a map, its keys in Elixir's order). */
const LICENSE_TYPES = {
  apache_2_0: 12,
  bsd_2_clause: 8,
  bsd_3_clause: 9,
  bsl_1_1: 14,
  gnu_agpl_v3: 13,
  gnu_gpl_v2: 4,
  gnu_gpl_v3: 5,
  gnu_lgpl_v2_1: 6,
  gnu_lgpl_v3: 7,
  mit: 3,
  mpl_2_0: 10,
  none: 1,
  osl_3_0: 11,
  unlicense: 2,
};

/**
 * `/smart-contracts/verification/config`: what the contract verification form offers
 * (`VerificationController.config` of a default deployment). The compiler versions are the ones
 * this chain knows (the catalogue's and its verified contracts'), newest first, where the explorer
 * lists every release it can fetch.
 */
export const verificationConfig: EndpointHandler = (ctx) =>
  jsonResponse(200, {
    is_rust_verifier_microservice_enabled: true,
    license_types: LICENSE_TYPES,
    solidity_compiler_versions: compilerVersions(ctx.facts, 'solidity'),
    solidity_evm_versions: SOLIDITY_EVM_VERSIONS,
    verification_options: VERIFICATION_OPTIONS,
    vyper_compiler_versions: compilerVersions(ctx.facts, 'vyper'),
    vyper_evm_versions: VYPER_EVM_VERSIONS,
  });
