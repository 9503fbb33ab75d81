import type { AccountId } from '../chain/types.js';
import { artifactsOf, verifiedTwinOf } from '../domain/contracts.js';
import { marketCapOf } from '../domain/tokens.js';
import type { Shape } from '../profiles/shapes.js';
import type { SmartContract } from '../schemas/index.js';
import type { Profile } from '../schemas/profile.js';
import { addressRef } from './addressRef.js';
import { cachedJson, type ViewContext } from './context.js';
import { isoTimestamp } from './isoTimestamp.js';

/** The smart contract record of endpoint 12 in the spec's form, and the ABI of the record it shows. */
function smartContractForm(
  ctx: ViewContext,
  id: AccountId,
): { form: SmartContract; abi: import('abitype').Abi | null } {
  const account = ctx.chain.accounts[id]!;
  const contract = account.contract!;
  const own = artifactsOf(ctx.facts, id);
  const twin = contract.verification === 'none' ? verifiedTwinOf(ctx.facts, account) : null;
  // The code the address holds now: none once it self-destructed (the explorer's "selfdestructed" is its empty code).
  const deployed = contract.creationStatus === 'selfdestructed' ? '0x' : own.deployedBytecode;
  if (contract.verification === 'none' && !twin) {
    return {
      form: {
        deployed_bytecode: deployed,
        creation_bytecode: own.creationBytecode,
        creation_status: contract.creationStatus,
        is_verified: false as const,
      },
      abi: null,
    };
  }
  // An unverified contract with a verified twin shows the twin's source, as the explorer does.
  const record = twin ? artifactsOf(ctx.facts, twin.id) : own;
  const verified = !twin;
  return {
    abi: record.abi,
    form: {
      name: record.name,
      language: record.language,
      creation_status: contract.creationStatus,
      is_verified: verified,
      is_partially_verified: verified && contract.verification === 'partial',
      is_fully_verified: verified && contract.verification === 'full',
      is_changed_bytecode: false,
      is_verified_via_registry: verified && record.verifiedViaRegistry,
      is_verified_via_eth_bytecode_db: verified && record.verifiedViaEthBytecodeDb,
      can_be_visualized_via_diagram_tool: record.canBeVisualized,
      verified_twin_address_hash: twin?.hash ?? null,
      minimal_proxy_address_hash:
        contract.kind === 'minimal-proxy' ? ctx.chain.accounts[contract.implementationId]!.hash : null,
      registry_repo_url: verified ? record.registryRepoUrl : null,
      verified_at: isoTimestamp(record.verifiedAt),
      compiler_version: record.compilerVersion,
      evm_version: record.evmVersion,
      optimization_enabled: record.optimizationEnabled,
      optimizations_runs: record.optimizationRuns,
      compiler_settings: { ...record.compilerSettings },
      abi: JSON.stringify(record.abi),
      source_code: record.sourceCode,
      file_path: record.filePath,
      additional_sources: record.additionalSources.map((s) => ({ file_path: s.filePath, source_code: s.sourceCode })),
      constructor_args: own.constructorArgs,
      decoded_constructor_args:
        own.decodedConstructorArgs && own.decodedConstructorArgs.map(([value, parameter]) => [value, { ...parameter }]),
      deployed_bytecode: deployed,
      creation_bytecode: own.creationBytecode,
      external_libraries: record.externalLibraries.map((l) => ({ name: l.name, address_hash: l.addressHash })),
    },
  };
}

/** Endpoint 12's record in the profile's shape. */
export function smartContractOut<P extends Profile>(ctx: ViewContext<P>, id: AccountId): Shape<P, 'smartContract'> {
  const { form, abi } = smartContractForm(ctx, id);
  return ctx.format.smartContract(ctx.facts, ctx.chain.accounts[id]!, form, abi);
}

/** `/smart-contracts/{h}`. */
export const smartContractJson = (ctx: ViewContext, id: AccountId): string =>
  cachedJson(ctx, `contract:${id}`, () => smartContractOut(ctx, id));

/** `/smart-contracts/{h}` of an account with no contract: a delegated EOA's record where the profile has one, else null. */
export function delegatedSmartContractJson(ctx: ViewContext, id: AccountId): string | null {
  const record = ctx.format.delegatedSmartContract(ctx.facts, ctx.chain.accounts[id]!);
  return record === null ? null : JSON.stringify(record);
}

/** An item of `/smart-contracts`: a verified contract. */
export const smartContractListItemJson = (ctx: ViewContext, id: AccountId): string =>
  cachedJson(ctx, `contract-item:${id}`, () => {
    const { chain } = ctx;
    const a = chain.accounts[id]!;
    const { form } = smartContractForm(ctx, id);
    const verified = 'compiler_version' in form ? form : null;
    return {
      address: addressRef(ctx, id),
      compiler_version: verified?.compiler_version ?? null,
      optimization_enabled: verified?.optimization_enabled ?? null,
      transactions_count: chain.indexes.at(id)!.transactions.length,
      language: verified?.language,
      verified_at: verified?.verified_at ?? isoTimestamp(chain.blocks.at(0)!.timestamp),
      market_cap: a.contract!.token ? marketCapOf(a.contract!.token) : null,
      has_constructor_args: verified?.constructor_args !== null && verified?.constructor_args !== undefined,
      coin_balance: String(a.balance),
      license_type: 'mit',
      certified: false,
      reputation: 'ok',
    };
  });
