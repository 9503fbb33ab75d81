import type { SubmittedSource } from '../chain/types.js';

/** A verification request as both Etherscan-style APIs take it (`verifysourcecode`'s fields). */
export interface VerificationRequest {
  /** `Name` or `path/File.sol:Name`. */
  readonly contractName: string;
  readonly compilerVersion: string;
  /** The standard-JSON input (as text), or the flattened source. */
  readonly sourceCode: string;
  readonly standardJson: boolean;
  /** A flattened source's `optimizationUsed` (`1`/`true` on), `runs` and `evmversion`. */
  readonly optimizationUsed?: string | undefined;
  readonly runs?: string | undefined;
  readonly evmVersion?: string | undefined;
  readonly licenseType?: string | null | undefined;
}

/** `contractname` as tools send it: `Name` or `path/File.sol:Name`. */
function nameParts(contractName: string): { path: string | null; name: string } {
  const colon = contractName.lastIndexOf(':');
  return colon < 0
    ? { path: null, name: contractName }
    : { path: contractName.slice(0, colon), name: contractName.slice(colon + 1) };
}

/** Whether a source declares the contract: `contract|library|interface Name` (a name that is no identifier never is). */
const declares = (content: string, name: string) =>
  /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && new RegExp(`\\b(contract|library|interface)\\s+${name}\\b`).test(content);

/**
 * What the mock trusts instead of compiling: a standard-JSON input that parses, names the
 * contract's file (or holds a file declaring it) and declares it there; a flattened source that
 * declares it. Null when the submission would fail to verify. `verifiedAt`: unix seconds.
 */
export function submittedSource(request: VerificationRequest, verifiedAt: number): SubmittedSource | null {
  const { path, name } = nameParts(request.contractName);
  const { compilerVersion } = request;
  const licenseType = request.licenseType ?? null;
  if (request.standardJson) {
    let input: { sources?: Record<string, { content?: unknown }>; settings?: Record<string, unknown> };
    try {
      input = JSON.parse(request.sourceCode) as typeof input;
    } catch {
      return null;
    }
    if (!input || typeof input !== 'object' || !input.sources || typeof input.sources !== 'object') return null;
    const files = Object.entries(input.sources)
      .filter(([, f]) => f && typeof f.content === 'string')
      .map(([p, f]) => ({ path: p, content: f.content as string }));
    const main = path !== null ? files.find((f) => f.path === path) : files.find((f) => declares(f.content, name));
    if (!main || !name || !declares(main.content, name)) return null;
    const settings = input.settings && typeof input.settings === 'object' ? input.settings : {};
    const optimizer = (settings.optimizer ?? {}) as { enabled?: unknown; runs?: unknown };
    return {
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
  }
  const content = request.sourceCode;
  if (!name || !declares(content, name)) return null;
  const optimization = ['1', 'true'].includes(request.optimizationUsed ?? '');
  const runs = Number(request.runs ?? 200);
  const evmVersion = request.evmVersion || 'default';
  return {
    name,
    compilerVersion,
    sources: [{ path: '', content }],
    settings: { optimizer: { enabled: optimization, runs: Number.isSafeInteger(runs) ? runs : 200 }, evmVersion },
    evmVersion,
    optimization,
    runs: optimization ? (Number.isSafeInteger(runs) ? runs : 200) : null,
    licenseType,
    verifiedAt,
  };
}
