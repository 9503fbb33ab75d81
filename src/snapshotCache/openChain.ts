import { createHash } from 'node:crypto';
import { type BuildChainOptions, resolveScenario, resolveSeed } from '../../generators/chainInput.js';
import {
  type ContractRuns,
  contractRunsFor,
  contractRunsNeeded,
  isSavedRuns,
  type SavedRuns,
} from '../../generators/ledger/contractRuns.js';
import type { Scenario } from '../../scenarios/index.js';
import { type Chain, DEFAULT_SLOT_SECONDS } from '../chain/types.js';
import { encodeSnapshotSteps, SNAPSHOT_FORMAT, SnapshotError } from '../snapshot/snapshot.js';
import { VERSION } from '../version.js';
import { type CacheOption, type CacheSettings, cacheSettings } from './cacheSettings.js';
import { readSnapshot, snapshotFile, writeSnapshot } from './snapshotStore.js';

/**
 * Runs a scenario's contracts' own code for a build, and makes the runs again from what a
 * snapshot kept of them (so a chain loaded from the cache needs no EVM). The execution layer
 * implements it (`runContractCode`, `reviveRuns`).
 */
export interface ContractRunner {
  run(options: BuildChainOptions): Promise<ContractRuns>;
  revive(saved: SavedRuns, options: BuildChainOptions): Promise<ContractRuns>;
}

export interface OpenChainOptions extends BuildChainOptions {
  readonly cache?: CacheOption;
  /** Where the one-line cache warnings go (default stderr). */
  readonly warn?: (message: string) => void;
  /**
   * For a scenario whose contracts run their own code, when `contractRuns` is not given: runs them
   * before a build, and the snapshot keeps them; a chain loaded from it has them back without a run.
   */
  readonly contractRunner?: ContractRunner;
}

/** Where a served chain came from, for the home page and `/__mock/scenario`. */
export interface ChainOrigin {
  /** `snapshot`: loaded from the cache; `built`: replayed by the chain builder. */
  readonly source: 'snapshot' | 'built';
  /** The snapshot file read or to be written; null with the cache off. */
  readonly file: string | null;
  /** Milliseconds spent loading or building the chain. */
  readonly chainMs: number;
}

export interface OpenedChain {
  readonly chain: Chain;
  readonly origin: ChainOrigin;
  /** The runs of the scenario's contracts' code the chain was built with (given, run, or kept by its snapshot): later builds (mining, reset) need them. */
  readonly contractRuns?: ContractRuns;
  /**
   * Writes the snapshot of a chain that was built, now (a no-op once written, for a loaded chain,
   * or with the cache off). Kept apart from opening so a server can answer its first requests
   * before it spends the time encoding.
   */
  saveSnapshot(): void;
  /**
   * Encodes the snapshot in slices of a few milliseconds between other work (a server's requests),
   * then writes it; `saveSnapshot()` finishes what is left at once.
   */
  saveSnapshotWhileIdle(): Promise<void>;
}

type Build = (options: BuildChainOptions) => Chain;

const warnedDirs = new Set<string>();

/** One warning per process and directory that cannot hold the cache. */
function warnOnce(dir: string, warn: (message: string) => void, reason: string): void {
  if (warnedDirs.has(dir)) return;
  warnedDirs.add(dir);
  warn(`cannot use the chain cache in ${dir} (${reason}); building every time`);
}
const stderr = (message: string) => void process.stderr.write(`explorer-mock: ${message}\n`);

/** Object keys sorted at every level, so equal scenarios give equal text. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
        )
      : value;

/**
 * The cache key of a chain: a digest of the package version, the snapshot format, the scenario's
 * content (not its name: editing a scenario never serves a stale chain) and the seed.
 */
export const chainKey = (scenario: object, seed: string, growth: Growth = {}): string =>
  createHash('sha256')
    .update(
      JSON.stringify({
        version: VERSION,
        format: SNAPSHOT_FORMAT,
        scenario: canonical(scenario),
        seed,
        ...(Object.keys(growth).length ? { growth: canonical(growth) } : {}),
      }),
    )
    .digest('hex');

/** The build options beyond scenario and seed that change the chain: its head and its clock. */
type Growth = Pick<BuildChainOptions, 'head' | 'genesisTime' | 'slotSeconds'>;

const growthOf = (options: BuildChainOptions): Growth =>
  Object.fromEntries(
    (['head', 'genesisTime', 'slotSeconds'] as const)
      .filter((k) => options[k] !== undefined)
      .map((k) => [k, options[k]]),
  );

interface Prepared {
  readonly input: BuildChainOptions & { readonly scenario: Scenario; readonly seed: string };
  /** Who runs the contracts' code before a build: the scenario needs runs and none were given. */
  readonly runner: ContractRunner | null;
  readonly warn: (message: string) => void;
  readonly settings: CacheSettings | null;
  readonly key: string | null;
  readonly file: string | null;
  /** The chain, when a valid snapshot held it (with the runs it kept, when a runner is to make them again). */
  readonly loaded: (OpenedChain & { readonly savedRuns?: SavedRuns }) | null;
}

/** Resolves the options and reads the snapshot when the cache holds a valid one. */
function prepare(options: OpenChainOptions): Prepared {
  const growth = growthOf(options);
  const input = {
    scenario: resolveScenario(options.scenario),
    seed: resolveSeed(options.seed),
    ...growth,
    ...(options.contractRuns ? { contractRuns: options.contractRuns } : {}),
  };
  const warn = options.warn ?? stderr;
  const runner =
    !options.contractRuns && options.contractRunner && contractRunsNeeded(input.scenario)
      ? options.contractRunner
      : null;
  // Refused before the cache is read: without a runner, a snapshot of such a chain cannot give its runs (mining needs them).
  if (!runner)
    contractRunsFor(
      input.scenario,
      input.seed,
      options.genesisTime ?? input.scenario.genesisTimestamp,
      options.slotSeconds ?? DEFAULT_SLOT_SECONDS,
      options.contractRuns,
    );
  let settings = cacheSettings(options.cache);
  const key = settings && chainKey(input.scenario, input.seed, growth);
  const file = settings && key ? snapshotFile(settings, key, input.scenario.name, input.seed) : null;
  let loaded: OpenedChain | null = null;
  if (file && key) {
    const started = performance.now();
    try {
      const opened = readSnapshot(file, { key, version: VERSION });
      // A snapshot without the runs the scenario needs (written from runs given without their data) is built again.
      if (opened && (!runner || isSavedRuns(opened.runs)))
        loaded = {
          chain: opened.chain,
          origin: { source: 'snapshot', file, chainMs: performance.now() - started },
          ...(runner
            ? { savedRuns: opened.runs as SavedRuns }
            : input.contractRuns
              ? { contractRuns: input.contractRuns }
              : {}),
          saveSnapshot: () => {},
          saveSnapshotWhileIdle: async () => {},
        };
    } catch (error) {
      if (error instanceof SnapshotError)
        warn(`ignoring the cached chain ${file} (${error.message}); building it again`);
      else {
        // The directory itself is the problem (permissions and the like): build, and do not try to write.
        warnOnce(settings!.dir, warn, (error as Error).message);
        settings = null;
      }
    }
  }
  return { input, runner, warn, settings, key, file, loaded };
}

/** How long one slice of idle encoding may hold the event loop, in ms. */
const SLICE_MS = 8;

/** A freshly built chain, and the ways to save its snapshot. */
function built(prepared: Prepared, build: Build): OpenedChain {
  const started = performance.now();
  const chain = build(prepared.input);
  const { settings, key, file, warn } = prepared;
  let steps: Generator<void, Uint8Array[]> | null = settings
    ? encodeSnapshotSteps(chain, { key: key!, version: VERSION }, prepared.input.contractRuns?.saved)
    : null;
  let idle: Promise<void> | null = null;
  /** Runs encoding steps until done or past `until`; writes the file when done. */
  const advance = (until: number): boolean => {
    if (!steps) return true;
    try {
      for (;;) {
        const step = steps.next();
        if (step.done) {
          steps = null;
          writeSnapshot(settings!, file!, step.value);
          return true;
        }
        if (performance.now() > until) return false;
      }
    } catch (error) {
      steps = null;
      warnOnce(settings!.dir, warn, (error as Error).message);
      return true;
    }
  };
  return {
    chain,
    origin: { source: 'built', file, chainMs: performance.now() - started },
    ...(prepared.input.contractRuns ? { contractRuns: prepared.input.contractRuns } : {}),
    saveSnapshot: () => void advance(Infinity),
    saveSnapshotWhileIdle: () =>
      (idle ??= new Promise<void>((resolve) => {
        const slice = () => (advance(performance.now() + SLICE_MS) ? resolve() : setImmediate(slice));
        setImmediate(slice);
      })),
  };
}

/**
 * The chain of a scenario and seed: loaded from the snapshot cache when a valid snapshot is there,
 * else built (loading the chain builder only then). A damaged or foreign snapshot is reported in
 * one line and rebuilt, never served.
 *
 * @example
 * const { chain, origin, saveSnapshot } = await openChain({ scenario: 'default', seed: 1 });
 */
export async function openChain(options: OpenChainOptions): Promise<OpenedChain> {
  const prepared = prepare(options);
  const { loaded, runner, input } = prepared;
  if (loaded) {
    const { savedRuns, ...chain } = loaded;
    return savedRuns && runner ? { ...chain, contractRuns: await runner.revive(savedRuns, input) } : chain;
  }
  const build = (await import('../../generators/buildChain.js')).buildChain;
  return built(runner ? { ...prepared, input: { ...input, contractRuns: await runner.run(input) } } : prepared, build);
}

/** `openChain` for synchronous callers, with the chain builder passed in (the runs given, none run). */
export function openChainSync(options: OpenChainOptions, build: Build): OpenedChain {
  const { contractRunner: _async, ...given } = options;
  const prepared = prepare(given);
  return prepared.loaded ?? built(prepared, build);
}
