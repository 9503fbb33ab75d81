import type { SmartContract } from '../schemas/index.js';
import * as blockscout from '../profiles/blockscout.js';
import { type Account, type AccountId, NONE } from '../chain/types.js';
import type { ContractArtifactsInput } from '../../generators/contracts/contractArtifacts.js';
import { cachedObject, type ViewContext } from './context.js';
import { isoTimestamp } from './format.js';
import { heavy } from '../domain/lazyModules.js';

/** What the catalogue needs to derive a contract's code and verification record. */
function artifactsInput(ctx: ViewContext, account: Account): ContractArtifactsInput {
  const { chain } = ctx;
  const contract = account.contract!;
  const implementation = contract.implementationId >= 0 ? chain.accounts[contract.implementationId]! : null;
  const library = chain.handles.library
    ? chain.accounts[chain.accountByHash.get(chain.handles.library.toLowerCase())!]!
    : null;
  const token = contract.token;
  return {
    seed: chain.seed,
    kind: contract.kind,
    address: account.hash,
    name: contract.name,
    label: contract.label,
    bytecodeLabel: contract.bytecodeLabel,
    constructorArgs: contract.constructorArgs,
    token: token ? { name: token.name, symbol: token.symbol, decimals: token.decimals } : null,
    implementationAddress: implementation?.hash ?? null,
    implementationKind: implementation?.contract?.kind ?? null,
    libraryAddress: library?.hash ?? null,
    createdAt: chain.blocks.at(
      contract.creationTransaction === NONE ? 0 : chain.transactions.at(contract.creationTransaction)!.block,
    )!.timestamp,
    // A minimal proxy shows its implementation's code and source.
    custom: contract.custom ?? (contract.kind === 'minimal-proxy' ? implementation?.contract?.custom : null) ?? null,
  };
}

/** The memoised code and verification record of a contract. */
export const artifactsOf = (ctx: ViewContext, id: AccountId) =>
  cachedObject(ctx, `artifacts:${id}`, () =>
    heavy.catalogue.get().contractArtifacts(artifactsInput(ctx, ctx.chain.accounts[id]!)),
  );

/** The input of the transaction that created `id`: its creation bytecode with constructor arguments. */
export const creationInput = (ctx: ViewContext, id: AccountId): `0x${string}` => artifactsOf(ctx, id).creationBytecode;

/** The verified contract with the same bytecode, for an unverified one (its "verified twin"). */
function verifiedTwin(ctx: ViewContext, account: Account): Account | null {
  const twins = cachedObject(ctx, 'twins', () => {
    const byLabel = new Map<string, Account>();
    for (const a of ctx.chain.accounts) {
      if (
        a.contract &&
        a.contract.verification !== 'none' &&
        a.contract.creationStatus !== 'failed' &&
        !byLabel.has(a.contract.bytecodeLabel)
      )
        byLabel.set(a.contract.bytecodeLabel, a);
    }
    return byLabel;
  });
  const twin = twins.get(account.contract!.bytecodeLabel);
  return twin && twin !== account ? twin : null;
}

/** The smart contract record of endpoint 12. */
export function smartContractView(ctx: ViewContext, id: AccountId): SmartContract {
  const spec = specSmartContractView(ctx, id);
  return ctx.profile === 'blockscout'
    ? (blockscout.smartContract(ctx, id, spec as never) as unknown as SmartContract)
    : spec;
}

function specSmartContractView(ctx: ViewContext, id: AccountId): SmartContract {
  const account = ctx.chain.accounts[id]!;
  const contract = account.contract!;
  const own = artifactsOf(ctx, id);
  const twin = contract.verification === 'none' ? verifiedTwin(ctx, account) : null;
  if (contract.verification === 'none' && !twin) {
    return {
      deployed_bytecode: own.deployedBytecode,
      creation_bytecode: own.creationBytecode,
      creation_status: contract.creationStatus,
      is_verified: false as const,
    };
  }
  // An unverified contract with a verified twin shows the twin's source, as the explorer does.
  const record = twin ? artifactsOf(ctx, twin.id) : own;
  const verified = !twin;
  return {
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
    deployed_bytecode: own.deployedBytecode,
    creation_bytecode: own.creationBytecode,
    external_libraries: record.externalLibraries.map((l) => ({ name: l.name, address_hash: l.addressHash })),
  };
}
