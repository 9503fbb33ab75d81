import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { Abi } from 'abitype';
import type { Hex, SubmittedSource } from '../chain/types.js';
import { type ImmutableSlot, runtimeMatches } from '../domain/bytecodeMatch.js';
import { VERIFY_FAILURES } from '../domain/verificationChecks.js';

/** A Solidity compiler the verifier runs in a process of its own (a compile never holds the server), one compile at a time. */
export interface SolcCompiler {
  /** Where it is: a `solc` binary, or solc-js's `solc.js`. */
  readonly path: string;
  /** Its version, as `--version` says it (`0.8.30+commit.73712a01`); asked once, on first use. */
  version(): Promise<string>;
  /** Compiles a standard-JSON input, or fails with the process's error output. */
  compile(input: unknown): Promise<StandardOutput>;
}

/** What solc's standard-JSON output holds that the verifier reads. */
export interface StandardOutput {
  readonly errors?: readonly {
    readonly severity: string;
    readonly formattedMessage?: string;
    readonly message: string;
  }[];
  readonly contracts?: Record<
    string,
    Record<
      string,
      {
        readonly abi?: Abi;
        readonly evm?: {
          readonly deployedBytecode?: {
            readonly object?: string;
            readonly immutableReferences?: Record<string, readonly ImmutableSlot[]>;
          };
        };
      }
    >
  >;
}

/** How long one compile may take before it is stopped (a stuck compiler would hold the queue). */
const COMPILE_LIMIT_MS = 120_000;

/** Runs `command args`, writing `input` to its stdin; its stdout, or a rejection with its stderr (or when it runs too long). */
function run(command: string, args: readonly string[], input: string): Promise<string> {
  return new Promise((done, failed) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const limit = setTimeout(() => child.kill('SIGKILL'), COMPILE_LIMIT_MS);
    child.on('close', () => clearTimeout(limit));
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', failed);
    // A compiler that is not there, or exits before reading its input, breaks the pipe: its exit
    // (or the spawn's error) says why; unhandled, the stream's EPIPE would end the server.
    child.stdin.on('error', () => {});
    child.on('close', (code) =>
      code === 0
        ? done(Buffer.concat(out).toString('utf8'))
        : failed(new Error(`${command} exited with ${code}: ${Buffer.concat(err).toString('utf8').trim()}`)),
    );
    child.stdin.end(input);
  });
}

/**
 * The compiler at `path`: a native `solc` binary, or solc-js (its package folder or its `solc.js`),
 * run by this Node.
 */
export function solcAt(path: string): SolcCompiler {
  const full = resolve(path);
  const js = full.endsWith('.js') || (existsSync(full) && statSync(full).isDirectory());
  const script = js && !full.endsWith('.js') ? join(full, 'solc.js') : full;
  const [command, prefix] = js ? [process.execPath, [script]] : [full, []];
  let version: Promise<string> | undefined;
  // One compile at a time: submissions wait their turn (the explorer's queue), so many of them
  // never run many compilers at once.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(work, work);
    queue = turn.catch(() => undefined);
    return turn;
  };
  return {
    path: script,
    version: () =>
      (version ??= run(command, [...prefix, '--version'], '').then((text) => {
        // solc prints lines before its version (`Version: 0.8.30+commit…`); solc-js only the version.
        const found = /(\d+\.\d+\.\d+(?:\+commit\.[0-9a-f]+)?)/.exec(text.split('\n').filter(Boolean).at(-1) ?? '');
        if (!found) throw new Error(`${full} --version said ${JSON.stringify(text.trim())}`);
        return found[1]!;
      })),
    compile: (input) =>
      inTurn(async () => {
        const text = await run(command, [...prefix, '--standard-json'], JSON.stringify(input));
        // solc-js may print a notice before the JSON.
        return JSON.parse(text.slice(text.indexOf('{'))) as StandardOutput;
      }),
  };
}

/** solc-js as installed in the project at `cwd` (its `node_modules/solc`), or null. */
export function installedSolc(cwd: string): string | null {
  try {
    return createRequire(join(cwd, 'package.json')).resolve('solc/solc.js');
  } catch {
    return null;
  }
}

/** A submission's standard-JSON input, asking only for the ABI, the runtime code and where its immutables go. */
function inputOf(source: SubmittedSource) {
  const flattened = source.sources.length === 1 && source.sources[0]!.path === '';
  const { outputSelection: _asked, ...settings } = source.settings;
  return {
    language: 'Solidity',
    sources: Object.fromEntries(
      source.sources.map((f) => [flattened ? `${source.name}.sol` : f.path, { content: f.content }]),
    ),
    settings: {
      ...settings,
      ...(source.evmVersion === 'default' ? {} : { evmVersion: source.evmVersion }),
      outputSelection: {
        '*': { '*': ['abi', 'evm.deployedBytecode.object', 'evm.deployedBytecode.immutableReferences'] },
      },
    },
  };
}

/** What compiling a submission told: why its code is not the deployed code, or the contract's ABI when it is. */
export type Compiled = { readonly failure: string } | { readonly failure: null; readonly abi: Abi };

/**
 * Compiles a submission and compares it with the deployed code. Why it fails, in the explorer's
 * words: the compiler's errors (`There was an error compiling your contract.`), the contract
 * missing from its output (a wrong name), or runtime code that differs beyond its metadata and
 * immutables (`Bytecode does not match, please try again.`); else the ABI the compiler gave, the
 * one the explorer then decodes the contract's calls and logs with.
 */
export async function compiledOutcome(
  compiler: SolcCompiler,
  source: SubmittedSource,
  deployed: Hex,
): Promise<Compiled> {
  let output: StandardOutput;
  try {
    output = await compiler.compile(inputOf(source));
  } catch {
    return { failure: VERIFY_FAILURES.compilation };
  }
  if ((output.errors ?? []).some((e) => e.severity === 'error')) return { failure: VERIFY_FAILURES.compilation };
  const main = source.sources[0]!.path;
  const files = Object.entries(output.contracts ?? {});
  const found =
    files.find(([file]) => file === main)?.[1][source.name] ??
    files.map(([, contracts]) => contracts[source.name]).find((c) => c !== undefined);
  const runtime = found?.evm?.deployedBytecode;
  if (!runtime?.object) return { failure: VERIFY_FAILURES.name };
  const immutables = Object.values(runtime.immutableReferences ?? {}).flat();
  return runtimeMatches(deployed, `0x${runtime.object}`, immutables)
    ? { failure: null, abi: found?.abi ?? [] }
    : { failure: VERIFY_FAILURES.bytecode };
}

/**
 * The live chain's `compiler` for a `solc` option (`startServer`'s, `createHandler`'s): a path, none
 * (`false`), or by default solc-js as installed where the mock runs.
 */
export function compilerOption(solc: string | false | undefined): { readonly compiler?: SolcCompiler } {
  if (solc === false) return {};
  const path = solc ?? installedSolc(process.cwd());
  return path === null ? {} : { compiler: solcAt(path) };
}

/** What is wrong with a `solc` option (`fn` the function given it), or null. */
export function solcOptionProblem(fn: string, solc: unknown): string | null {
  if (solc === undefined || solc === false) return null;
  if (typeof solc !== 'string' || solc === '')
    return `${fn}: solc must be a compiler's path or false, got ${String(solc)}`;
  return existsSync(solc) ? null : `${fn}: solc: no compiler at ${solc}`;
}
