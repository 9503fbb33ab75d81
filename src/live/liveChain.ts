import type { BuildChainOptions } from '../../generators/chainInput.js';
import type { Admission, ChainBuilder, SentTransaction } from '../../generators/buildChain.js';
import type { SendRunner } from '../../generators/ledger/sent.js';
import type { Executor, SendsAhead } from '../execution/executor.js';
import { type Facts, factsOf } from '../domain/facts.js';
import { ledgerPosition } from '../../generators/ledger/ledgerPosition.js';
import { settledOnce } from '../lazy/settled.js';
import { type LazyModule, ModuleNotLoaded } from '../lazy/lazyModule.js';
import { createChainApp, type ChainApp } from '../app/chainApp.js';
import { nodeModule } from '../app/nodeModule.js';
import type { RpcNode } from '../rpc/node.js';
import { controlMounts } from './controlRoutes.js';
import { MAX_MINE, MineError } from './mineError.js';
import { SendRefused } from '../protocol/errors.js';
import type { Chain } from '../chain/types.js';
import { withSubmitted } from '../chain/verified.js';
import { carryViews } from '../views/context.js';
import { createVerifications } from '../app/verifications.js';
import { compiledCheck } from '../app/compiledCheck.js';
import type { SolcCompiler } from '../app/solcCompiler.js';
import type { CachedAnswers } from '../http/cachedAnswers.js';
import type { StartSummary } from '../app/scenarioSummary.js';
import type { Profile } from '../schemas/profile.js';
import type { EtherscanOptions } from '../app/etherscanV2Routes.js';
import { type Mempool, mempoolOf } from '../domain/mempool.js';
import type { DevControls } from '../rpc/method.js';
import type { CheatHappening } from './happenings.js';
import { replayedBuilder } from './replayedBuilder.js';
import { createDevControls } from './devControls.js';

/** A served chain that can grow: the app answering now, and the way to add blocks. */
export interface LiveChain {
  /** The app answering from the newest chain. */
  readonly current: ChainApp;
  /** Every request's answer, from the newest chain (its caches go with it). */
  readonly answer: CachedAnswers;
  /**
   * Mines `blocks` more blocks (default 1) and swaps the new chain in: the next request sees it,
   * nothing in flight does. Returns the new chain.
   */
  mine(blocks?: number): Chain;
  /**
   * `mine`, after the sends still running (on the EVM) are in, and with the sends that waited in the
   * pool for an EVM run (a creation or a call of code of your own that waited for room) run between
   * its blocks, so each goes into the first block with room, as a node mines them.
   */
  mineSettled(blocks?: number): Promise<Chain>;
  /** The node over the chain served now (its filters outlive each chain); throws `ModuleNotLoaded` until the node's modules are loaded. */
  node(): RpcNode;
  /** Calls `listener` after each block is mined, oldest first, with the chain that holds it. */
  onBlock(listener: (chain: Chain, height: number) => void): () => void;
  /** Calls `listener` with each transaction a client sent once it is accepted, before it is mined (with automine too). */
  onPending(listener: (hash: string) => void): () => void;
  /**
   * Takes a transaction a client sent: into the mempool and the explorer's pending lists, mined
   * at once with automine (one block each, as a dev node), else by `mine` or the clock. Throws
   * `SendRefused` (from the builder's module) saying why a node would refuse it.
   */
  send(sent: SentTransaction): Admission;
  /**
   * `send`, the transaction first run by the executor where it runs sends ahead (a real EVM): in
   * the order sends come, each on the open block as the one before left it.
   */
  execute(sent: SentTransaction): Promise<Admission>;
  /** An account's next nonce, counting the transactions it sent that wait to be mined. */
  nextNonce(address: string): number;
  /** A dev node's cheat codes over this chain (the node's `evm_*`, `anvil_*` and `hardhat_*` methods). */
  readonly dev: DevControls;
  /** Whether each accepted transaction is mined at once (the server's setting, or a client's `evm_setAutomine`). */
  readonly automine: boolean;
  /** Turns automine on or off, until a reset. */
  setAutomine(on: boolean): void;
  /** Transactions accepted since the chain was started (or last reset). */
  readonly sent: number;
  /** Serves another chain from now on (a rebuilt scenario), mined on from `build`; `reset` returns to it. */
  replace(chain: Chain, build: BuildChainOptions): void;
  /** Returns to the chain served at start (or last replaced): every block mined and transaction sent since is gone. */
  reset(): void;
  /**
   * Renders the newest entities of the chain served now while the server is idle, and again for
   * each chain that replaces it (mined or rebuilt): the warming of a chain no longer served stops,
   * since its caches went with it. Stops when `signal` aborts.
   */
  warmUp(signal: AbortSignal): void;
}

/**
 * JSON the first chain's warm-up renders, and each later chain's (its newest pages). 16 MB is
 * every block of default and its newest 7,400 of 29,000 transactions, the pages a client opens
 * first; warming all of default (128 MB allowed, 75 MB rendered) kept 74 MB more of idle RSS
 * (211 MiB, now 137) to spare the first render of older pages a few milliseconds.
 */
export const WARM_BYTES = { first: 16 * 1024 * 1024, later: 1024 * 1024 };
/** How long a later chain must have been served before it is warmed: a chain mined over at once is not worth it. */
const WARM_AFTER_MS = 1_000;

export interface LiveChainOptions {
  readonly profile: Profile;
  readonly start?: () => StartSummary;
  /** How the chain was built, so mining can replay it (the chain itself may come from a snapshot). */
  readonly build: BuildChainOptions;
  /** The chain builder (loaded lazily: a server that never mines never loads it), given what runs sent transactions. */
  readonly createBuilder: (options: BuildChainOptions, sends?: SendRunner) => ChainBuilder;
  /**
   * What runs sends, calls and gas estimates (the execution port), loaded on first use (the node's
   * first request); the ledger's models when not given.
   */
  readonly executor?: LazyModule<Executor>;
  /** Mine each accepted transaction at once, in a block of its own (default true). */
  readonly automine?: boolean;
  /** The origin clients reach the mock at, where NFT media URLs point (default `http://127.0.0.1:4000`). */
  readonly origin?: () => string;
  /** How the Etherscan-style APIs answer (`/api`'s flavour, a required key on `/v2/api`). */
  readonly etherscan?: EtherscanOptions;
  /** The compiler a verification of a contract with code of its own is compiled with, where its version is the one named. */
  readonly compiler?: SolcCompiler;
}

/**
 * The app of a chain that grows by `mine`. Mining goes on from a builder replayed to the served
 * head (built on the first `mine`, since a chain loaded from a snapshot has none), so block `k`
 * is the same whether the server started below or at `k`.
 */
export function createLiveChain(chain: Chain, options: LiveChainOptions): LiveChain {
  let build = options.build;
  let start = { chain, build };
  /** The executor once loaded (before, nothing ran ahead: the models run every send). */
  const executorIfLoaded = () => (options.executor ? loadedOrUndefined(options.executor) : undefined);
  /** Sends run ahead, in the order they came: each runs on the state the one before left. */
  let running: Promise<unknown> = Promise.resolve();
  /** Resets so far: a job that awaited (a send on the EVM, a settled mine) stops where one came meanwhile. */
  let resets = 0;
  /** Whether each accepted send is mined at once: the server's setting until a client changes it (`evm_setAutomine`). */
  let automine = options.automine ?? true;
  const line = replayedBuilder(() => {
    const made = options.createBuilder(build, {
      plan: (state, sent, position) => executorIfLoaded()?.planSend(state, sent, position),
      ...(options.executor
        ? {
            ahead: {
              // Before the executor is loaded, a creation is still one only it can run.
              needs: (state, sent) => executorIfLoaded()?.ahead?.needs(state, sent) ?? sent.to === null,
              ready: (sent, position) => executorIfLoaded()?.ahead?.ready(sent.hash, position) ?? false,
            },
          }
        : {}),
    });
    made.mineTo(start.chain.headHeight);
    return made;
  });
  const builderAt = line.at;
  /**
   * The mempool in front of `head`, as it is now (a send changes it: the builder's open block is
   * another chain then); none once the chain served has moved on (an app still answering in flight).
   */
  const mempoolFor = (head: number): (() => Mempool | undefined) => {
    let pool: { readonly of: Chain; readonly mempool: Mempool } | undefined;
    return () => {
      if (head !== current.chain.headHeight || (line.made && line.made.height !== head)) return undefined;
      const ahead = builderAt(head).pending();
      // With the verifications over it, as the mined chain is served: a pending call to a contract
      // verified meanwhile is decoded (a verification makes a new app, so a new pool).
      if (pool?.of !== ahead)
        pool = { of: ahead, mempool: mempoolOf(withSubmitted(ahead, verifications.submitted), head + 1) };
      return pool.mempool;
    };
  };
  const pendingListeners = new Set<(hash: string) => void>();
  // The node's filters outlive a chain: the node is made once, on its first request.
  let node: RpcNode | undefined;
  const nodeOf = (): RpcNode =>
    (node ??= liveNode(live, chain.seed, options.executor && (() => options.executor!.get())));
  const controls = controlMounts({
    mine: (blocks) => live.mineSettled(blocks),
    reset: () => live.reset(),
    served: () => current.chain,
  });
  const startSummary = () => ({ ...options.start?.(), sends: { accepted: sentCount, automine } }) as StartSummary;
  let sentCount = 0;
  // Verifications clients submitted: a status changes what its GUID's poll answers; a verification
  // that passes changes the chain (the contract's name and sources): its app serves the chain with
  // it, keeping what the views rendered of everything else.
  const verifications = createVerifications({
    ...(options.compiler ? { compiled: compiledCheck(options.compiler, () => raw) } : {}),
    statusChanged: () => current.answer.clear(),
    verified: (id) => {
      const next = withSubmitted(raw, verifications.submitted);
      carryViews(current.chain, next, [id]);
      serve(createApp(raw, next));
    },
  });
  // The chain as built (the one mined on); the app serves it with the verifications over it.
  let raw = chain;
  const createApp = (built: Chain, served: Chain) => {
    raw = built;
    return createChainApp(served, {
      profile: options.profile,
      ...(options.start ? { start: startSummary } : {}),
      mempool: mempoolFor(built.headHeight),
      verifier: verifications.verifier,
      ...(options.origin ? { origin: options.origin } : {}),
      node: nodeOf,
      controls,
      ...(options.etherscan ? { etherscan: options.etherscan } : {}),
    });
  };
  const appOf = (built: Chain) => createApp(built, withSubmitted(built, verifications.submitted));
  let current = appOf(chain);
  const listeners = new Set<(chain: Chain, height: number) => void>();
  const warmer = createWarmer(() => current);
  const serve = (app: ChainApp) => {
    current = app;
    warmer.served();
  };
  const answer = Object.assign(((request: Parameters<CachedAnswers>[0]) => current.answer(request)) as CachedAnswers, {
    peek: (url: string) => current.answer.peek(url),
    clear: () => current.answer.clear(),
  });
  /** Does a cheat code on the builder (`ReplayedBuilder.apply`) and serves its effect. */
  const change = (happening: CheatHappening) => {
    const head = current.chain.headHeight;
    line.apply(happening, head);
    if (happening.kind !== 'edit') return;
    const now = builderAt(head);
    // The head block's state changed: serve the chain with it.
    if (!now.opened) serve(appOf(now.chain()));
    else current.answer.clear();
  };
  /** Work on the chain that runs on the EVM, one job after another (sends, and the pool's runs). */
  const queued = <T>(job: () => Promise<T>): Promise<T> => {
    const result = running.then(job, job);
    running = result.catch(() => undefined);
    return result;
  };
  /**
   * Runs the sends the open block waits on (`sent.stalled`: each waited in the pool and must run on
   * the EVM on the ledger as it is now), one after another, the block taking each (and what waits
   * behind it) once it ran: a `fill` happening, replayed where it happened. A run that fails (a
   * bug) is reported and ends it: the send keeps waiting, what was mined or accepted stands.
   */
  const settle = async (ahead: SendsAhead | undefined) => {
    if (!ahead) return;
    for (;;) {
      const b = builderAt(current.chain.headHeight);
      if (b.sent.held === 0) return;
      b.open();
      const stalled = b.sent.stalled;
      if (!stalled) return;
      try {
        await runAhead(ahead, stalled, aheadOn(false));
      } catch (error) {
        console.error('explorer-mock: internal error running a send that waited in the pool:', error);
        return;
      }
      const now = builderAt(current.chain.headHeight);
      // Recorded even when it took nothing: it completes a block held back, which a replay must do here too.
      now.resume();
      line.record({ kind: 'fill' });
      current.answer.clear();
      if (now.sent.stalled === stalled) return;
    }
  };
  /** The executor's part that runs sends ahead, once loaded. */
  const loadedAhead = async () => (await options.executor?.load())?.ahead;
  const dev = createDevControls({
    head: () => current.chain.blocks.at(current.chain.headHeight)!,
    change,
    mine: async (blocks) => void (await live.mineSettled(blocks)),
    mark: () => ({ history: line.mark(), chain: raw, sent: sentCount }),
    restore(mark) {
      // A run made later may not hold for the history that follows: same position, another ledger.
      executorIfLoaded()?.ahead?.forget(mark.history);
      line.keep(mark.history);
      sentCount = mark.sent;
      serve(appOf(mark.chain));
    },
    get automine() {
      return automine;
    },
    setAutomine: (on) => {
      automine = on;
      // The start summary (`/__mock/scenario`) names it.
      current.answer.clear();
    },
    reset: () => live.reset(),
  });
  /** The pool takes a send (`ChainBuilder.submit`), recorded; its admission. */
  const accept = (sent: SentTransaction): Admission => {
    const { admission, entered } = builderAt(current.chain.headHeight).submit(sent);
    line.record({ kind: 'send', sent });
    sentCount++;
    // The mempool changed: what the views rendered of the chain holds, the answers that list pending transactions do not.
    current.answer.clear();
    if (admission !== 'queued') for (const hash of entered) for (const listener of pendingListeners) listener(hash);
    return admission;
  };
  /**
   * Mines (for automine) the block a send went into and, while it waits for room (a fee cap under
   * a risen base fee), up to two more: a step before each of those, where a caller that runs sends
   * on the EVM settles what waits (and may stop).
   */
  function* minesAfter(sent: SentTransaction): Generator<void, void, void> {
    const b = builderAt(current.chain.headHeight);
    mineNow(1);
    for (let more = 0; more < 2 && b.sent.holds(sent.hash); more++) {
      yield;
      mineNow(1);
    }
  }
  /** How a send runs ahead on the open block of the chain served now. */
  const aheadOn = (withAutomine: boolean) => ({
    open,
    mine: mineNow,
    facts: () => factsOf(current.chain),
    moment: () => line.length,
    automine: withAutomine,
  });
  /** Mines `blocks` blocks and serves the chain with them. */
  const mineNow = (blocks: number): Chain => {
    checkBlocks(blocks);
    const from = current.chain.headHeight;
    const b = builderAt(from);
    b.mineTo(from + blocks);
    line.record({ kind: 'mine', to: from + blocks });
    const next = b.chain();
    serve(appOf(next));
    for (let height = from + 1; height <= next.headHeight; height++)
      for (const listener of listeners) listener(next, height);
    return next;
  };
  /** Waits until the builder is made (its module may still be loading: then `builderAt` throws `ModuleNotLoaded`). */
  const builderLoaded = async () => {
    for (;;)
      try {
        return builderAt(current.chain.headHeight);
      } catch (error) {
        if (!(error instanceof ModuleNotLoaded)) throw error;
        await error.loading;
      }
  };
  /** The open block, opened now if it is not. */
  const open = () => builderAt(current.chain.headHeight).open();
  const live: LiveChain = {
    dev,
    get current() {
      return current;
    },
    answer,
    node: nodeOf,
    mine(blocks = 1) {
      return mineNow(blocks);
    },
    mineSettled(blocks = 1) {
      try {
        checkBlocks(blocks);
      } catch (error) {
        return Promise.reject(error);
      }
      const run = resets;
      return queued(async () => {
        await builderLoaded();
        const ahead = executorIfLoaded()?.ahead;
        // What a synchronous `mine` left waiting for a run first: each block takes what it can.
        await settle(ahead);
        let chain = current.chain;
        for (let left = blocks; left > 0; left--) {
          // A reset meanwhile ends it: the chain it was asked to mine is gone.
          if (resets !== run) return current.chain;
          // Nothing waiting for room needs a run: the rest at once.
          if (!ahead || !line.made?.sent.waitingForRun) return mineNow(left);
          chain = mineNow(1);
          await settle(ahead);
        }
        return chain;
      });
    },
    execute(sent) {
      // As the node stood when the send came: automine, and the run of the chain (a reset ends it).
      const [minedAtOnce, run] = [automine, resets];
      /** Throws where the chain was reset while the send waited or ran: it is gone with the rest. */
      const stillServed = () => {
        if (resets !== run)
          throw new SendRefused('the chain was reset while this transaction was being run: send it again');
      };
      return queued(async (): Promise<Admission> => {
        const ahead = await loadedAhead();
        stillServed();
        await settle(ahead);
        stillServed();
        const b = builderAt(current.chain.headHeight);
        // What the pool would refuse is refused before anything runs or is mined for it.
        b.check(sent);
        // One past a nonce gap is queued: it runs once the gap fills, where the block takes it.
        if (ahead && sent.nonce <= b.sent.nextNonce(sent.from)) await runAhead(ahead, sent, aheadOn(minedAtOnce));
        stillServed();
        const admission = accept(sent);
        if (admission === 'queued') return admission;
        // Sends it let in from behind a nonce gap run next, then the block is mined with them
        // (and, while the send waits for room, the next: each settled first).
        await settle(ahead);
        if (minedAtOnce && resets === run) {
          for (const _ of minesAfter(sent)) {
            await settle(ahead);
            if (resets !== run) break;
          }
          await settle(ahead);
        }
        return admission;
      });
    },
    send(sent) {
      const admission = accept(sent);
      if (admission !== 'queued' && automine) for (const _ of minesAfter(sent));
      return admission;
    },
    nextNonce(address) {
      return builderAt(current.chain.headHeight).sent.nextNonce(address);
    },
    get automine() {
      return automine;
    },
    setAutomine: (on) => dev.setAutomine(on),
    get sent() {
      return sentCount;
    },
    onBlock(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onPending(listener) {
      pendingListeners.add(listener);
      return () => pendingListeners.delete(listener);
    },
    replace(next, nextBuild) {
      start = { chain: next, build: nextBuild };
      live.reset();
    },
    reset() {
      resets++;
      // Filters count blocks of the chain they were made on: another chain starts without them.
      node?.state.filters.clear();
      build = start.build;
      line.keep(0);
      dev.reset();
      automine = options.automine ?? true;
      executorIfLoaded()?.ahead?.forget();
      sentCount = 0;
      verifications.clear();
      serve(appOf(start.chain));
    },
    warmUp(signal) {
      warmer.warmUp(signal);
    },
  };
  return live;
}

/** Throws `MineError` for a count of blocks a mine does not take. */
function checkBlocks(blocks: number): void {
  if (!Number.isSafeInteger(blocks) || blocks < 1 || blocks > MAX_MINE)
    throw new MineError(`blocks must be an integer from 1 to ${MAX_MINE}, got ${JSON.stringify(blocks)}`);
}

/** A lazy module's value once loaded, or undefined while it is not. */
function loadedOrUndefined<M>(module: LazyModule<M>): M | undefined {
  try {
    return module.get();
  } catch (error) {
    if (error instanceof ModuleNotLoaded) return undefined;
    throw error;
  }
}

/**
 * The node over a live chain: the chain served now, its sends into the live chain's pool. A send
 * the executor runs ahead (on an EVM) settles later: the node asks again once it has. `executor`:
 * what runs its calls (loaded before the node is made), the models' when not given.
 */
function liveNode(live: LiveChain, seed: string, executor: (() => Executor) | undefined): RpcNode {
  return nodeModule.get().createRpcNode({
    context: () => live.current.rpc(),
    seed,
    ...(executor ? { executor: executor() } : {}),
    wallet: {
      send: (sent) =>
        void settledOnce(live, `send:${sent.hash}`, () => (executor?.().ahead ? live.execute(sent) : live.send(sent))),
      nextNonce: (address) => live.nextNonce(address),
    },
    dev: live.dev,
  });
}

/**
 * Runs a send ahead on the open block as it is when the pool takes it: again, if the ledger moved
 * meanwhile (a block mined, a cheat code). With automine, a block that has no room left for it is
 * mined first.
 */
async function runAhead(
  ahead: SendsAhead,
  sent: SentTransaction,
  on: {
    readonly open: () => ReturnType<ChainBuilder['open']>;
    readonly mine: (blocks: number) => Chain;
    /** The facts of the chain served now (the head the open block follows). */
    readonly facts: () => Facts;
    /** How many happenings the live chain has recorded (the run is kept by it). */
    readonly moment: () => number;
    readonly automine: boolean;
  },
): Promise<void> {
  for (let tries = 0; tries < 8; tries++) {
    let open = on.open();
    for (
      let mined = 0;
      on.automine &&
      mined < 8 &&
      open.ctx.gasUsed + sent.gasLimit > open.ctx.gasLimit &&
      sent.gasLimit <= open.ctx.gasLimit;
      mined++
    ) {
      on.mine(1);
      open = on.open();
    }
    const at = ledgerPosition(open.state, open.ctx);
    try {
      await ahead.prepare(open, on.facts(), sent, on.moment());
    } catch (error) {
      // The EVM's modules still loading: run it again once they are.
      if (!(error instanceof ModuleNotLoaded)) throw error;
      await error.loading;
      continue;
    }
    const now = on.open();
    if (now.state === open.state && ledgerPosition(now.state, now.ctx) === at) return;
  }
  // The ledger kept moving: no run is kept for a place it has left (the pool waits on the send).
  ahead.discard(sent.hash);
}

/**
 * Warming of the chain served: once asked for (`warmUp`), the first chain's newest entities at
 * once, and each chain served later (`served`) after it has been served a while; the warming of a
 * chain no longer served stops.
 */
function createWarmer(current: () => ChainApp) {
  let warming: { readonly signal: AbortSignal; current: AbortController; timer?: NodeJS.Timeout } | null = null;
  const warmCurrent = (bytes: number, delayMs: number) => {
    if (!warming || warming.signal.aborted) return;
    warming.current.abort();
    clearTimeout(warming.timer);
    const stop = (warming.current = new AbortController());
    const app = current();
    const start = () => void app.rest.warmUp(AbortSignal.any([warming!.signal, stop.signal]), bytes);
    if (delayMs === 0) start();
    else (warming.timer = setTimeout(start, delayMs)).unref();
  };
  return {
    served: () => warmCurrent(WARM_BYTES.later, WARM_AFTER_MS),
    warmUp(signal: AbortSignal) {
      warming = { signal, current: new AbortController() };
      signal.addEventListener('abort', () => clearTimeout(warming?.timer), { once: true });
      warmCurrent(WARM_BYTES.first, 0);
    },
  };
}
