import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { NamedContract } from './types.js';

/** What an artifact gives a named contract: its code and verified record, inline. */
export type ArtifactCode = Required<
  Pick<NamedContract, 'abi' | 'bytecode' | 'deployedBytecode' | 'contractName' | 'compiler'>
> &
  Pick<NamedContract, 'source'>;

/** An artifact that cannot be used: what is wrong with it. */
export class ArtifactError extends Error {
  override readonly name = 'ArtifactError';
}

interface SolcSource {
  readonly content?: string;
  readonly keccak256?: string;
}

/** The parts of solc's metadata (Foundry keeps it in the artifact) the record needs. */
interface SolcMetadata {
  readonly compiler?: { readonly version?: string };
  readonly language?: string;
  readonly settings?: Record<string, unknown> & { readonly compilationTarget?: Record<string, string> };
  readonly sources?: Record<string, SolcSource>;
}

interface BuildInfo {
  readonly solcLongVersion?: string;
  readonly solcVersion?: string;
  readonly input?: {
    readonly language?: string;
    readonly sources?: Record<string, SolcSource>;
    readonly settings?: Record<string, unknown>;
  };
  readonly output?: { readonly contracts?: Record<string, Record<string, { readonly metadata?: unknown }>> };
}

/** A source's keccak-256 as solc's metadata lists it (of its UTF-8 bytes, lower-case hex). */
const keccakOf = (content: string) => `0x${Buffer.from(keccak_256(Buffer.from(content, 'utf8'))).toString('hex')}`;

const readJson = (file: string, what: string): Record<string, unknown> => {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ArtifactError(`${what} ${file} is not JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ArtifactError(`${what} ${file} is not a JSON object`);
  return value as Record<string, unknown>;
};

/** Bytecode as the artifact holds it (Foundry: `{object}`, Hardhat: a string); refuses unlinked library placeholders. */
function bytecodeOf(value: unknown, field: string, file: string): `0x${string}` {
  const raw =
    typeof value === 'string'
      ? value
      : value && typeof value === 'object'
        ? (value as { object?: unknown }).object
        : undefined;
  if (typeof raw !== 'string') throw new ArtifactError(`${file} has no ${field}: not a Foundry or Hardhat artifact`);
  const hex = raw.startsWith('0x') ? raw : `0x${raw}`;
  if (/__\$[0-9a-f]{34}\$__/.test(hex))
    throw new ArtifactError(
      `${file}: ${field} links libraries that are not linked yet (placeholders __$…$__); link them before using the artifact`,
    );
  if (!/^0x([0-9a-fA-F]{2})*$/.test(hex)) throw new ArtifactError(`${file}: ${field} is not hex bytecode`);
  return hex as `0x${string}`;
}

/** The compiler settings the explorer shows: solc's input settings without what only drives output. */
function shownSettings(
  settings: Record<string, unknown> | undefined,
  target: Record<string, string>,
): Record<string, unknown> {
  const { outputSelection: _o, ...rest } = settings ?? {};
  return { ...rest, compilationTarget: target };
}

/** Hardhat's build info for an artifact: named by the `.dbg.json` beside it. */
function hardhatBuildInfo(file: string, files: string[]): BuildInfo | null {
  const dbg = file.replace(/\.json$/, '.dbg.json');
  if (!existsSync(dbg)) return null;
  files.push(dbg);
  const pointer = readJson(dbg, 'the debug file').buildInfo;
  if (typeof pointer !== 'string') return null;
  const buildInfo = resolve(dirname(dbg), pointer);
  if (!existsSync(buildInfo)) throw new ArtifactError(`${dbg} names the build info ${buildInfo}, which does not exist`);
  files.push(buildInfo);
  return readJson(buildInfo, 'the build info') as BuildInfo;
}

/** Foundry's build info (out/build-info/*.json, with --build-info) whose input holds the source (the very text the metadata's keccak256 names, where it names one). */
function foundryBuildInfo(
  file: string,
  sourcePath: string,
  keccak256: string | undefined,
  files: string[],
): BuildInfo | null {
  const folder = join(dirname(dirname(file)), 'build-info');
  if (!existsSync(folder)) return null;
  for (const name of readdirSync(folder)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const candidate = join(folder, name);
    const info = readJson(candidate, 'the build info') as BuildInfo;
    const content = info.input?.sources?.[sourcePath]?.content;
    if (content !== undefined && (!keccak256 || keccakOf(content) === keccak256.toLowerCase())) {
      files.push(candidate);
      return info;
    }
  }
  return null;
}

/** The project's root for an artifact: the nearest folder up with foundry.toml or a hardhat config, else the artifacts folder's parent. */
function projectRoot(file: string): string {
  let folder = dirname(file);
  for (;;) {
    if (
      ['foundry.toml', 'hardhat.config.ts', 'hardhat.config.js', 'hardhat.config.cjs', 'hardhat.config.mjs'].some((n) =>
        existsSync(join(folder, n)),
      )
    )
      return folder;
    const parent = dirname(folder);
    if (parent === folder) return dirname(dirname(dirname(file)));
    folder = parent;
  }
}

/**
 * The sources of an artifact's compilation: the metadata's literal `content`, else the build
 * info's input, else the files in the project, each checked against the metadata's keccak256.
 * Null when none of them has every source.
 */
function sourcesOf(
  file: string,
  metadata: SolcMetadata | null,
  buildInfo: BuildInfo | null,
  files: string[],
): Record<string, string> | null {
  const listed = metadata?.sources ?? buildInfo?.input?.sources;
  if (!listed || !Object.keys(listed).length) return null;
  const sources: Record<string, string> = {};
  const root = projectRoot(file);
  for (const [path, entry] of Object.entries(listed)) {
    const fromBuildInfo = buildInfo?.input?.sources?.[path]?.content;
    let content = entry.content ?? fromBuildInfo;
    let where = `${path} in ${entry.content !== undefined ? `${basename(file)}'s metadata` : 'the build info'}`;
    if (content === undefined) {
      const onDisk = resolve(root, path);
      if (!existsSync(onDisk)) return null;
      files.push(onDisk);
      content = readFileSync(onDisk, 'utf8');
      where = onDisk;
    }
    if (entry.keccak256 && keccakOf(content) !== entry.keccak256.toLowerCase())
      throw new ArtifactError(
        `${where} is not the source ${basename(file)} was compiled from (its keccak256 differs from the metadata's): rebuild the artifact`,
      );
    sources[path] = content;
  }
  return sources;
}

const parseMetadata = (value: unknown, file: string): SolcMetadata | null => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'object') return value as SolcMetadata;
  if (typeof value !== 'string') return null;
  try {
    return JSON.parse(value) as SolcMetadata;
  } catch {
    throw new ArtifactError(`${file}: its metadata is not JSON`);
  }
};

/**
 * Reads a Foundry or Hardhat artifact into the inline fields of a named contract: ABI, creation
 * and runtime bytecode, the Solidity contract name, the compiler with its version and settings,
 * and the sources wherever the artifact or its project holds them (`source` left out when nowhere).
 * `files` collects every file read, for a watcher. Throws `ArtifactError`.
 */
export function readArtifact(file: string, files: string[] = []): ArtifactCode {
  if (!existsSync(file)) throw new ArtifactError(`no such file: ${file}`);
  files.push(file);
  const artifact = readJson(file, 'the artifact');
  if (!Array.isArray(artifact.abi))
    throw new ArtifactError(`${file} has no "abi" array: not a Foundry or Hardhat artifact`);
  const abi = artifact.abi as Record<string, unknown>[];
  const bytecode = bytecodeOf(artifact.bytecode, 'bytecode', file);
  const deployedBytecode = bytecodeOf(artifact.deployedBytecode, 'deployedBytecode', file);
  const hardhat = typeof artifact._format === 'string' && artifact._format.startsWith('hh');
  const hardhatTarget =
    hardhat && typeof artifact.sourceName === 'string' && typeof artifact.contractName === 'string'
      ? { [artifact.sourceName]: artifact.contractName }
      : null;
  const hardhatInfo = hardhat ? hardhatBuildInfo(file, files) : null;
  // Hardhat keeps solc's metadata in the build info's output: it lists just this contract's sources.
  const ownMetadata = hardhatTarget
    ? hardhatInfo?.output?.contracts?.[artifact.sourceName as string]?.[artifact.contractName as string]?.metadata
    : undefined;
  const metadata = parseMetadata(artifact.metadata ?? artifact.rawMetadata ?? ownMetadata, file);
  const declared = metadata?.settings?.compilationTarget;
  const target = declared && Object.keys(declared).length ? declared : hardhatTarget;
  // Foundry names the artifacts of one contract built by several compilers X.0.8.19.json, X.0.8.24.json.
  const [sourcePath, contractName] = target
    ? Object.entries(target)[0]!
    : [null, basename(file, '.json').replace(/\.[0-9]+\.[0-9]+\.[0-9]+$/, '')];
  const buildInfo =
    hardhatInfo ??
    (sourcePath && !metadata?.sources?.[sourcePath]?.content
      ? foundryBuildInfo(file, sourcePath, metadata?.sources?.[sourcePath]?.keccak256, files)
      : null);
  const longVersion = metadata?.compiler?.version ?? buildInfo?.solcLongVersion ?? buildInfo?.solcVersion;
  if (!longVersion)
    throw new ArtifactError(`${file} names no compiler version (no solc metadata and no build info beside it)`);
  const settings = shownSettings(metadata?.settings ?? buildInfo?.input?.settings, target ?? {});
  const language =
    (metadata?.language ?? buildInfo?.input?.language ?? 'Solidity').toLowerCase() === 'vyper' ? 'vyper' : 'solidity';
  const optimizer = settings.optimizer as { enabled?: boolean; runs?: number } | undefined;
  const sources = sourcesOf(file, metadata, buildInfo, files);
  // The compilation target first: the explorer's main file.
  const ordered =
    sources && sourcePath && sourcePath in sources ? { [sourcePath]: sources[sourcePath]!, ...sources } : sources;
  return {
    abi,
    bytecode,
    deployedBytecode,
    contractName,
    compiler: {
      version: longVersion.replace(/^v/, '').replace(/\.Emscripten.*$/, ''),
      language,
      ...(typeof settings.evmVersion === 'string' ? { evmVersion: settings.evmVersion } : {}),
      ...(optimizer && typeof optimizer.enabled === 'boolean'
        ? { optimizer: { enabled: optimizer.enabled, runs: optimizer.runs ?? 200 } }
        : {}),
      settings,
    },
    ...(ordered ? { source: ordered } : {}),
  };
}

/** Where a scenario's artifact could not be read, and why. */
export interface ArtifactProblem {
  readonly path: string;
  readonly problem: string;
}

/**
 * The scenario with each named contract's `artifact` read (relative to `from`) into inline fields,
 * or the first problem. `files` collects every file read.
 */
export function withArtifacts<
  S extends { readonly entities?: { readonly contracts?: readonly NamedContract[] | undefined } | undefined },
>(scenario: S, from: string, files: string[] = []): S | ArtifactProblem {
  const contracts = scenario.entities?.contracts;
  if (!contracts?.some((c) => c.artifact !== undefined)) return scenario;
  const resolved: NamedContract[] = [];
  for (const [i, contract] of contracts.entries()) {
    if (contract.artifact === undefined) {
      resolved.push(contract);
      continue;
    }
    const path = `entities.contracts[${i}].artifact`;
    const inline = (['abi', 'bytecode', 'deployedBytecode'] as const).find((k) => contract[k] !== undefined);
    if (inline) return { path, problem: `give an artifact or an inline ${inline}, not both` };
    if (contract.proxy)
      return {
        path,
        problem: "a proxy's code is the standard EIP-1967 or EIP-1167 proxy: give the artifact on its implementation",
      };
    let code: ArtifactCode;
    try {
      code = readArtifact(resolve(from, contract.artifact), files);
    } catch (error) {
      if (error instanceof ArtifactError) return { path, problem: error.message };
      throw error;
    }
    const { artifact: _a, ...rest } = contract;
    // What the file says beside the artifact (a contract name, a source, a compiler) wins.
    resolved.push({ ...code, ...rest });
  }
  return { ...scenario, entities: { ...scenario.entities, contracts: resolved } };
}
