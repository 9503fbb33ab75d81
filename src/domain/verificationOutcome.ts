import type { AccountId, SubmittedSource } from '../chain/types.js';
import type { Facts } from './facts.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './jsonDepth.js';
import { mismatchOf, VERIFY_FAILURES } from './verificationChecks.js';
import type { VerificationOutcome } from './verifier.js';

/** `contractname` as tools send it: `Name` or `path/File.sol:Name`. */
function nameParts(contractName: string): { path: string | null; name: string } {
  const colon = contractName.lastIndexOf(':');
  return colon < 0
    ? { path: null, name: contractName }
    : { path: contractName.slice(0, colon), name: contractName.slice(colon + 1) };
}

/** Whether a source declares the contract: `contract|library|interface Name` (a name that is no identifier never is). */
const declares = (content: string, name: string) =>
  /^[A-Za-z_][A-Za-z0-9_]{0,255}$/.test(name) &&
  new RegExp(`\\b(contract|library|interface)\\s+${name}\\b`).test(content);

/** A standard-JSON input as sent: its files and settings (anything else fails as the explorer's `Invalid JSON file.`). */
export interface StandardInput {
  readonly sources?: Record<string, { content?: unknown } | null>;
  readonly settings?: Record<string, unknown>;
}

/** The standard-JSON input of a submission, or undefined when it is no JSON object with `sources`. */
export function standardInputOf(text: string): StandardInput | undefined {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!input || typeof input !== 'object' || Array.isArray(input)) return undefined;
  const { sources } = input as StandardInput;
  return sources && typeof sources === 'object' && !Array.isArray(sources) ? (input as StandardInput) : undefined;
}

/** Most source files a standard-JSON input the mock keeps may hold. */
export const MAX_SOURCE_FILES = 1_000;

/**
 * Why the mock will not keep a submission (it serves it to every client until reset), or
 * undefined: an input nesting deeper than `MAX_JSON_DEPTH` (no compiler's input nests past about
 * six levels; one nesting thousands could not even be written back out) or holding more than
 * `MAX_SOURCE_FILES` files. The body limit (`MAX_POST_BYTES`) bounds its size.
 */
export function storageRefusal(input: StandardInput): string | undefined {
  if (nestsDeeperThan(input, MAX_JSON_DEPTH))
    return `sourceCode: the standard-JSON input nests more than ${MAX_JSON_DEPTH} levels deep; explorer-mock keeps inputs at most ${MAX_JSON_DEPTH} levels deep (a compiler's input nests about 6)`;
  const files = Object.keys(input.sources!).length;
  if (files > MAX_SOURCE_FILES)
    return `sourceCode: the standard-JSON input holds ${files} source files; explorer-mock keeps at most ${MAX_SOURCE_FILES}`;
  return undefined;
}

/** A verification request as both Etherscan-style APIs take it (`verifysourcecode`'s fields). */
export interface VerificationRequest {
  /** `Name` or `path/File.sol:Name`. */
  readonly contractName: string;
  readonly compilerVersion: string;
  /** The standard-JSON input, parsed (undefined: it did not parse), or null for a flattened source. */
  readonly input: StandardInput | undefined | null;
  /** A flattened source (`sourceCode`), with its `optimizationUsed`, `runs` and `evmversion`. */
  readonly sourceCode: string;
  readonly optimizationUsed: string | undefined;
  readonly runs: string | undefined;
  readonly evmVersion: string | undefined;
  readonly licenseType: string | undefined;
  /** `constructorArguments` as sent (hex), when sent. */
  readonly constructorArguments: string | undefined;
}

/**
 * What the mock checks instead of compiling: a standard-JSON input that parses, names the
 * contract's file (or holds a file declaring it) and declares it there, or a flattened source that
 * declares it; then what the code the ledger holds tells without a compiler (`mismatchOf`). The
 * sources kept, or why the explorer would fail it (its text). `verifiedAt`: unix seconds.
 */
export function verificationOutcome(
  facts: Facts,
  id: AccountId,
  request: VerificationRequest,
  verifiedAt: number,
): VerificationOutcome {
  const { path, name } = nameParts(request.contractName);
  const { compilerVersion, input } = request;
  const licenseType = request.licenseType ?? null;
  let source: SubmittedSource;
  if (input !== null) {
    if (input === undefined) return { reason: VERIFY_FAILURES.json };
    const files = Object.entries(input.sources!)
      .filter(([, f]) => f && typeof f.content === 'string')
      .map(([p, f]) => ({ path: p, content: f!.content as string }));
    const main = path !== null ? files.find((f) => f.path === path) : files.find((f) => declares(f.content, name));
    if (!main || !name || !declares(main.content, name)) return { reason: VERIFY_FAILURES.name };
    const settings =
      input.settings && typeof input.settings === 'object' && !Array.isArray(input.settings) ? input.settings : {};
    const optimizer = (settings.optimizer ?? {}) as { enabled?: unknown; runs?: unknown };
    source = {
      name,
      compilerVersion,
      sources: [main, ...files.filter((f) => f !== main)],
      settings,
      evmVersion: typeof settings.evmVersion === 'string' ? settings.evmVersion : 'default',
      optimization: optimizer.enabled === true,
      runs: typeof optimizer.runs === 'number' ? optimizer.runs : null,
      licenseType,
      verifiedAt,
    };
  } else {
    const content = request.sourceCode;
    if (!name || !declares(content, name)) return { reason: VERIFY_FAILURES.name };
    const optimization = ['1', 'true'].includes(request.optimizationUsed ?? '');
    const parsedRuns = Number(request.runs ?? 200);
    const runs = Number.isSafeInteger(parsedRuns) ? parsedRuns : 200;
    const evmVersion = request.evmVersion || 'default';
    source = {
      name,
      compilerVersion,
      sources: [{ path: '', content }],
      settings: { optimizer: { enabled: optimization, runs }, evmVersion },
      evmVersion,
      optimization,
      runs: optimization ? runs : null,
      licenseType,
      verifiedAt,
    };
  }
  const mismatch = mismatchOf(facts, id, {
    name,
    compilerVersion,
    optimization: source.optimization,
    runs: source.runs ?? 200,
    evmVersion: source.evmVersion,
    constructorArguments: request.constructorArguments,
  });
  if (mismatch !== null) return { reason: mismatch };
  const sent = request.constructorArguments?.replace(/^0x/i, '').toLowerCase();
  return { source: sent ? { ...source, constructorArgs: `0x${sent}` } : source };
}
