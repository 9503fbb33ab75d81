import type { AccountId, SubmittedSource } from '../chain/types.js';
import {
  type Action,
  type EtherscanContext,
  envelope,
  fail,
  ok,
  type Params,
  type VerificationOutcome,
} from './envelope.js';
import { addressOf, MAX_JSON_DEPTH, nestsDeeperThan } from './params.js';
import { mismatchOf, VERIFY_FAILURES } from './verifyChecks.js';
import { proxyKindOf } from '../domain/accounts.js';

const failWith = (message: string) => fail(message, message);
const writesDisabled = () => fail('Unknown action', null, 400);

/**
 * The explorer's GUID of a verification: the address's 40 hex digits and the time in hex. The
 * mock's time is the head block's, a second later for each GUID already given at it (so the same
 * submissions give the same GUIDs, and no two share one).
 */
function guidOf(ctx: EtherscanContext, address: string): string {
  const verifier = ctx.verifier!;
  for (let time = ctx.chain.blocks.at(ctx.chain.headHeight)!.timestamp; ; time++) {
    const guid = `${address.slice(2)}${time.toString(16)}`;
    if (verifier.state(guid) === undefined && verifier.proxyState(guid) === undefined) return guid;
  }
}

/** The contract at an address the ledger holds with code, or undefined. */
function contractAt(ctx: EtherscanContext, address: string): AccountId | undefined {
  const id = ctx.chain.accountByHash.get(address);
  const contract = id === undefined ? undefined : ctx.chain.accounts[id]!.contract;
  return contract && contract.creationStatus === 'success' ? id : undefined;
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
  /^[A-Za-z_][A-Za-z0-9_]{0,255}$/.test(name) &&
  new RegExp(`\\b(contract|library|interface)\\s+${name}\\b`).test(content);

/** A standard-JSON input as sent: its files and settings (anything else fails as the explorer's `Invalid JSON file.`). */
interface StandardInput {
  readonly sources?: Record<string, { content?: unknown } | null>;
  readonly settings?: Record<string, unknown>;
}

/** The standard-JSON input of a submission, or undefined when it is no JSON object with `sources`. */
function standardInputOf(text: string): StandardInput | undefined {
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

/**
 * Why the mock will not keep a submission (it serves it to every client until reset), or
 * undefined: an input nesting deeper than `MAX_JSON_DEPTH` (no compiler's input nests past about
 * six levels; one nesting thousands could not even be written back out) or holding more than
 * `MAX_SOURCE_FILES` files. The body limit (`MAX_POST_BYTES`) bounds its size.
 */
function storageRefusal(input: StandardInput): string | undefined {
  if (nestsDeeperThan(input, MAX_JSON_DEPTH))
    return `sourceCode: the standard-JSON input nests more than ${MAX_JSON_DEPTH} levels deep; explorer-mock keeps inputs at most ${MAX_JSON_DEPTH} levels deep (a compiler's input nests about 6)`;
  const files = Object.keys(input.sources!).length;
  if (files > MAX_SOURCE_FILES)
    return `sourceCode: the standard-JSON input holds ${files} source files; explorer-mock keeps at most ${MAX_SOURCE_FILES}`;
  return undefined;
}

/** Most source files a standard-JSON input the mock keeps may hold. */
export const MAX_SOURCE_FILES = 1_000;

/**
 * What the mock checks instead of compiling: a standard-JSON input that parses, names the
 * contract's file (or holds a file declaring it) and declares it there, or a flattened source that
 * declares it; then what the code the ledger holds tells without a compiler (`mismatchOf`). The
 * sources kept, or why the explorer would fail it (its text).
 */
function outcomeOf(
  ctx: EtherscanContext,
  id: AccountId,
  params: Params,
  input: StandardInput | undefined | null,
): VerificationOutcome {
  const { path, name } = nameParts(params.get('contractname') ?? '');
  const verifiedAt = ctx.chain.blocks.at(ctx.chain.headHeight)!.timestamp;
  const compilerVersion = params.get('compilerversion')!;
  const licenseType = params.get('licenseType') ?? null;
  // The explorer reads `constructorArguments`; Etherscan's `constructorArguements` (what hardhat-verify and forge send) it ignores.
  const constructorArguments = params.get('constructorArguments');
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
    const content = params.get('sourceCode')!;
    if (!name || !declares(content, name)) return { reason: VERIFY_FAILURES.name };
    const optimization = ['1', 'true'].includes(params.get('optimizationUsed')!);
    const parsedRuns = Number(params.get('runs') ?? 200);
    const runs = Number.isSafeInteger(parsedRuns) ? parsedRuns : 200;
    const evmVersion = params.get('evmversion') || 'default';
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
  const mismatch = mismatchOf(ctx, id, {
    name,
    compilerVersion,
    optimization: source.optimization,
    runs: source.runs ?? 200,
    evmVersion: source.evmVersion,
    constructorArguments,
  });
  return mismatch === null ? { source } : { reason: mismatch };
}

/**
 * `verifysourcecode`: Etherscan's asynchronous verification as Blockscout answers it (its checks, in
 * its order), a GUID to poll; then the mock's bounds on what it keeps (`storageRefusal`), refused
 * at once, before a GUID.
 */
const verifysourcecode: Action = (ctx, params) => {
  const verifier = ctx.verifier;
  if (!verifier) return writesDisabled();
  const format = params.get('codeformat');
  const standardJson = format === 'solidity-standard-json-input';
  if (standardJson && !(params.has('contractaddress') && params.has('sourceCode')))
    return fail('Missing sourceCode or contractaddress fields');
  if (!standardJson && !(format === 'solidity-single-file' && params.has('contractaddress')))
    return fail('Missing codeformat field');
  const address = addressOf(params.get('contractaddress'));
  const known = address === undefined ? undefined : ctx.chain.accountByHash.get(address);
  if (known !== undefined && ctx.chain.accounts[known]!.contract?.verification === 'full')
    return failWith('Smart-contract already verified.');
  if (!address) return failWith('Invalid address hash');
  const required = standardJson
    ? ['contractaddress', 'contractname', 'compilerversion']
    : ['contractaddress', 'contractname', 'compilerversion', 'optimizationUsed', 'sourceCode'];
  const missing = required.find((k) => !params.has(k));
  if (missing) return failWith(`${missing} is required.`);
  if (!standardJson && !['0', '1', 'true', 'false'].includes(params.get('optimizationUsed')!))
    return failWith('optimizationUsed has invalid format');
  const id = contractAt(ctx, address);
  if (id === undefined) return failWith('Address is not a smart-contract');
  const input = standardJson ? standardInputOf(params.get('sourceCode')!) : null;
  const refusal = input ? storageRefusal(input) : undefined;
  if (refusal) return failWith(refusal);
  const guid = guidOf(ctx, address);
  verifier.record(guid, id, outcomeOf(ctx, id, params, input));
  return ok(guid);
};

/** `checkverifystatus`: the explorer's three answers; a failure's reason (its text) in `x-mock-verification-error`, which it never gives. */
const checkverifystatus: Action = (ctx, params) => {
  if (!ctx.verifier) return writesDisabled();
  const state = ctx.verifier.state(params.get('guid') ?? '');
  if (state === undefined) return ok('Unknown UID');
  if (state.status === 'pass') return ok('Pass - Verified');
  return {
    ...ok('Fail - Unable to verify'),
    // Exposed, so that a page (another origin's) can read it too.
    headers: {
      'x-mock-verification-error': state.reason,
      'access-control-expose-headers': 'x-mock-verification-error',
    },
  };
};

/** `verifyproxycontract`: the proxy's implementation looked up (the ledger knows it), a GUID to poll. */
const verifyproxycontract: Action = (ctx, params) => {
  if (!ctx.verifier) return writesDisabled();
  const raw = params.get('address');
  if (raw === undefined) return fail('Query parameter address is required');
  const address = addressOf(raw);
  if (!address) return fail('Invalid address hash');
  const id = contractAt(ctx, address);
  if (id === undefined || ctx.chain.accounts[id]!.contract!.verification === 'none')
    return fail('Smart-contract not found or is not verified');
  const contract = ctx.chain.accounts[id]!.contract!;
  const guid = guidOf(ctx, address);
  ctx.verifier.recordProxy(guid, id, proxyKindOf(ctx.chain.accounts[id]!) !== null && contract.implementationId >= 0);
  return ok(guid);
};

const checkproxyverification: Action = (ctx, params) => {
  if (!ctx.verifier) return writesDisabled();
  const found = ctx.verifier.proxyState(params.get('guid') ?? '');
  if (!found) return ok('Unknown UID');
  if (!found.passed)
    return envelope(
      '0',
      'NOTOK',
      'A corresponding implementation contract was unfortunately not detected for the proxy address.',
    );
  const proxy = ctx.chain.accounts[found.id]!;
  const implementation = ctx.chain.accounts[proxy.contract!.implementationId]!;
  return ok(
    `The proxy's (${proxy.lower}) implementation contract is found at ${implementation.lower} and is successfully updated.`,
  );
};

export const verifyActions: Readonly<Record<string, Action>> = {
  verifysourcecode,
  checkverifystatus,
  verifyproxycontract,
  checkproxyverification,
};
