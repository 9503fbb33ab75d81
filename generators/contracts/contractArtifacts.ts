import type { Abi, AbiParameter } from 'abitype';
import * as AbiParameters from 'ox/AbiParameters';
import * as Address from 'ox/Address';
import type { Hex } from '../../src/chain/types.js';
import type { CatalogueKind, ContractKind, CustomCode } from '../../src/chain/types.js';
import { stream } from '../random/stream.js';
import { withFaker } from '../random/withFaker.js';
import { abiOf, constructorInputs, constructorInputsOf } from './abiOf.js';
import { creationBytecode, deployedBytecode, encodedConstructorArgs, minimalProxyBytecode } from './bytecode.js';
import { compilerOf } from './compiler.js';
import { ADDRESS_BOOK_PATH } from './sources/library.js';
import { sourceOf } from './sourceOf.js';

/** Everything a contract's code and verification record follow from. */
export interface ContractArtifactsInput {
  readonly seed: string;
  readonly kind: ContractKind;
  readonly address: Hex;
  readonly name: string;
  /** Label of the contract's own seeded values (source style, verification details). */
  readonly label: string;
  /** Contracts with the same bytecode label share bytecode and compiler. */
  readonly bytecodeLabel: string;
  readonly constructorArgs: readonly unknown[];
  readonly token: { readonly name: string; readonly symbol: string; readonly decimals: number } | null;
  readonly implementationAddress: Hex | null;
  /** What a minimal proxy's implementation is (its ABI and source are the proxy's); default `implementation`. */
  readonly implementationKind?: ContractKind | null;
  readonly libraryAddress: Hex | null;
  /** Unix seconds of the creation. */
  readonly createdAt: number;
  /** The scenario's own code: the contract's, or for a minimal proxy its implementation's. */
  readonly custom?: CustomCode | null;
}

export interface ContractArtifacts {
  readonly language: 'solidity' | 'vyper';
  readonly name: string;
  readonly compilerVersion: string;
  readonly evmVersion: string;
  readonly optimizationEnabled: boolean;
  readonly optimizationRuns: number | null;
  readonly compilerSettings: Record<string, unknown>;
  readonly abi: Abi;
  readonly sourceCode: string;
  readonly filePath: string;
  readonly additionalSources: readonly { readonly filePath: string; readonly sourceCode: string }[];
  readonly constructorArgs: Hex | null;
  readonly decodedConstructorArgs: readonly [unknown, { internalType: string; name: string; type: string }][] | null;
  readonly deployedBytecode: Hex;
  readonly creationBytecode: Hex;
  readonly externalLibraries: readonly { readonly name: string; readonly addressHash: Hex }[];
  /** Unix seconds. */
  readonly verifiedAt: number;
  readonly verifiedViaRegistry: boolean;
  readonly registryRepoUrl: string | null;
  readonly verifiedViaEthBytecodeDb: boolean;
  readonly canBeVisualized: boolean;
}

const LINKS_LIBRARY: ReadonlySet<ContractKind> = new Set(['erc1155', 'lending-pool']);

/**
 * Constructor arguments as the explorer lists them beside their inputs (`decoded_constructor_args`):
 * each printed value with its parameter; null when there are none, or when they do not decode.
 */
export function decodedConstructorArgs(
  inputs: readonly AbiParameter[],
  args: Hex | null,
): ContractArtifacts['decodedConstructorArgs'] {
  if (!args || !inputs.length) return null;
  let decoded: readonly unknown[];
  try {
    decoded = AbiParameters.decode(inputs, args);
  } catch {
    return null;
  }
  return inputs.map((p, i) => [
    printArgument(decoded[i]),
    { internalType: p.internalType ?? p.type, name: p.name ?? '', type: p.type },
  ]);
}

/** `decodedConstructorArgs` by a contract's ABI (its constructor's inputs). */
export const decodedConstructorArgsOf = (abi: Abi, args: Hex | null): ContractArtifacts['decodedConstructorArgs'] =>
  decodedConstructorArgs(constructorInputsOf(abi), args);

/** A decoded argument as the explorer prints it: addresses checksummed, integers as decimal strings. */
function printArgument(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(printArgument);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)) return Address.checksum(value);
  if (typeof value === 'number') return String(value);
  return value;
}

/**
 * A contract's code and verification record, derived only from its input: the same input always
 * gives the same artifacts.
 */
export function contractArtifacts(input: ContractArtifactsInput): ContractArtifacts {
  if (input.custom) return customArtifacts(input, input.custom);
  const rng = stream(input.seed, `artifacts:${input.label}`);
  const compiler = compilerOf(input.seed, input.bytecodeLabel, input.kind);
  const abiKind = (
    input.kind === 'minimal-proxy' ? (input.implementationKind ?? 'implementation') : input.kind
  ) as CatalogueKind;
  const { author, blurb } = withFaker(input.seed, input.label, (f) => ({
    author: `${f.person.fullName()} <${f.internet.email().toLowerCase()}>`,
    blurb: `${f.company.catchPhrase()}.`,
  }));
  const source = sourceOf(abiKind, {
    name: input.name,
    pragma: compiler.version.slice(1, compiler.version.indexOf('+') > 0 ? compiler.version.indexOf('+') : undefined),
    token: input.token,
    variant: rng.int(0, 2),
    author,
    blurb,
  });
  const optimizationEnabled = compiler.language === 'solidity' && rng.chance(0.8);
  const optimizationRuns = optimizationEnabled ? rng.pick([200, 200, 1_000, 10_000, 1_000_000]) : null;
  const linked = LINKS_LIBRARY.has(abiKind) && input.libraryAddress !== null;
  const bytecode = {
    seed: input.seed,
    kind: input.kind,
    bytecodeLabel: input.bytecodeLabel,
    implementationAddress: input.implementationAddress,
    libraryAddress: input.libraryAddress,
  };
  const constructorArgs =
    input.kind === 'minimal-proxy' ? null : encodedConstructorArgs(abiOf(input.kind), input.constructorArgs);
  const inputs = input.kind === 'minimal-proxy' ? [] : constructorInputs(input.kind);
  const viaRegistry = rng.chance(0.3);
  return {
    language: compiler.language,
    name: input.name,
    compilerVersion: compiler.version,
    evmVersion: compiler.evmVersion,
    optimizationEnabled,
    optimizationRuns,
    compilerSettings: {
      compilationTarget: { [source.main.filePath]: input.name },
      evmVersion: compiler.evmVersion,
      libraries: linked ? { [ADDRESS_BOOK_PATH]: { AddressBook: input.libraryAddress } } : {},
      metadata: { bytecodeHash: 'ipfs' },
      optimizer: { enabled: optimizationEnabled, runs: optimizationRuns ?? 200 },
      remappings: source.imports.some((f) => f.filePath.startsWith('@openzeppelin/'))
        ? ['@openzeppelin/=lib/openzeppelin-contracts/']
        : [],
    },
    abi: abiOf(abiKind),
    sourceCode: source.main.sourceCode,
    filePath: source.main.filePath,
    additionalSources: source.imports.map((f) => ({ filePath: f.filePath, sourceCode: f.sourceCode })),
    constructorArgs,
    decodedConstructorArgs: decodedConstructorArgs(inputs, constructorArgs),
    deployedBytecode: deployedBytecode(bytecode),
    creationBytecode:
      input.kind === 'minimal-proxy'
        ? `0x3d602d80600a3d3981f3${deployedBytecode(bytecode).slice(2)}`
        : creationBytecode({ ...bytecode, constructorArgs: input.constructorArgs }),
    externalLibraries: linked ? [{ name: 'AddressBook', addressHash: input.libraryAddress! }] : [],
    verifiedAt: input.createdAt + rng.int(600, 3 * 86_400),
    verifiedViaRegistry: viaRegistry,
    registryRepoUrl: viaRegistry ? `https://repo.sourcify.dev/contracts/full_match/1/${input.address}/` : null,
    verifiedViaEthBytecodeDb: rng.chance(0.2),
    canBeVisualized: compiler.language === 'solidity',
  };
}

/** The record of a contract with the scenario's own code: its ABI, sources, compiler and bytecode as given, the rest drawn. */
function customArtifacts(input: ContractArtifactsInput, custom: CustomCode): ContractArtifacts {
  const rng = stream(input.seed, `artifacts:${input.label}`);
  const drawn = compilerOf(input.seed, input.bytecodeLabel, 'custom');
  const given = custom.compiler;
  const settings = given?.settings ?? {};
  const language = given?.language ?? 'solidity';
  const evmVersion =
    given?.evmVersion ?? (typeof settings.evmVersion === 'string' ? settings.evmVersion : drawn.evmVersion);
  const optimizer = given?.optimizer ??
    (settings.optimizer as { enabled: boolean; runs?: number } | undefined) ?? { enabled: false, runs: 200 };
  const [main, ...imports] = custom.sources;
  const proxy = input.kind === 'minimal-proxy';
  const inputs = proxy ? [] : constructorInputsOf(custom.abi);
  const constructorArgs = proxy ? null : encodedConstructorArgs(custom.abi, input.constructorArgs);
  const code = {
    seed: input.seed,
    kind: input.kind,
    bytecodeLabel: input.bytecodeLabel,
    implementationAddress: input.implementationAddress,
    libraryAddress: null,
    abi: custom.abi,
  };
  const runtime = proxy
    ? minimalProxyBytecode(input.implementationAddress!)
    : (custom.deployedBytecode ?? deployedBytecode(code));
  const creation = proxy
    ? `0x3d602d80600a3d3981f3${runtime.slice(2)}`
    : custom.bytecode
      ? `${custom.bytecode}${constructorArgs ? constructorArgs.slice(2) : ''}`
      : creationBytecode({ ...code, constructorArgs: input.constructorArgs, runtime });
  const viaRegistry = rng.chance(0.3);
  return {
    language,
    name: custom.contractName,
    compilerVersion: `v${(given?.version ?? drawn.version).replace(/^v/, '')}`,
    evmVersion,
    optimizationEnabled: optimizer.enabled,
    optimizationRuns: optimizer.enabled ? (optimizer.runs ?? 200) : null,
    compilerSettings: given?.settings ?? {
      compilationTarget: main ? { [main.filePath]: custom.contractName } : {},
      evmVersion,
      libraries: {},
      metadata: { bytecodeHash: 'ipfs' },
      optimizer: { enabled: optimizer.enabled, runs: optimizer.runs ?? 200 },
      remappings: [],
    },
    abi: custom.abi,
    sourceCode: main?.content ?? '',
    filePath: main?.filePath ?? '',
    additionalSources: imports.map((f) => ({ filePath: f.filePath, sourceCode: f.content })),
    constructorArgs,
    decodedConstructorArgs: decodedConstructorArgs(inputs, constructorArgs),
    deployedBytecode: runtime,
    creationBytecode: creation as Hex,
    externalLibraries: [],
    verifiedAt: input.createdAt + rng.int(600, 3 * 86_400),
    verifiedViaRegistry: viaRegistry,
    registryRepoUrl: viaRegistry ? `https://repo.sourcify.dev/contracts/full_match/1/${input.address}/` : null,
    verifiedViaEthBytecodeDb: rng.chance(0.2),
    canBeVisualized: language === 'solidity',
  };
}
