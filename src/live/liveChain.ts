import type { BuildChainOptions } from '../../generators/chainInput.js';
import type { Admission, ChainBuilder, SentTransaction } from '../../generators/buildChain.js';
import type { SendRunner } from '../../generators/ledger/sent.js';
import type { Executor } from '../execution/executor.js';
import { factsOf } from '../domain/facts.js';
import { settled } from '../rpc/settled.js';
import { type LazyModule, ModuleNotLoaded } from '../lazy/lazyModule.js';
import { createChainApp, type ChainApp } from '../app/chainApp.js';
import { nodeModule } from '../app/nodeModule.js';
import type { PostRoute } from '../http/answerHttp.js';
import type { RpcNode } from '../rpc/node.js';
import { ethRpcAnswer, mineRequest, resetAnswer, rpcAnswer } from './controlRoutes.js';
import { MAX_MINE, MineError } from './mineError.js';
import type { AccountId, Chain, SubmittedSource } from '../chain/types.js';
import { withSubmitted } from '../chain/verified.js';
import { carryViews } from '../views/context.js';
import type { VerificationState, Verifier } from '../etherscan/envelope.js';
import type { CachedAnswers } from '../http/cachedAnswers.js';
import type { StartSummary } from '../app/scenarioSummary.js';
import type { Profile } from '../schemas/profile.js';
import type { EtherscanOptions } from '../app/etherscanV2Routes.js';
import { type Mempool, mempoolOf } from '../domain/mempool.js';

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
  /** Whether each accepted transaction is mined at once. */
  readonly automine: boolean;
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
  const executorIfLoaded = (): Executor | undefined => {
    try {
      return options.executor?.get();
    } catch (error) {
      if (error instanceof ModuleNotLoaded) return undefined;
      throw error;
    }
  };
  /** Sends run ahead, in the order they came: each runs on the state the one before left. */
  let running: Promise<unknown> = Promise.resolve();
  const automine = options.automine ?? true;
  // One builder, replayed to the served head when first needed (a chain loaded from a snapshot has
  // none): it mines, and the block it keeps open in front of the head is the mempool.
  let builder: ChainBuilder | null = null;
  const builderAt = (head: number): ChainBuilder => {
    if (!builder) {
      const made = options.createBuilder(build, {
        plan: (state, sent) => executorIfLoaded()?.planSend(state, sent),
        mustApplyNow: (sent) => executorIfLoaded()?.ahead?.prepared(sent.hash) ?? false,
      });
      made.mineTo(head);
      builder = made;
    }
    return builder;
  };
  /**
   * The mempool in front of `head`, as it is now (a send changes it: the builder's open block is
   * another chain then); none once the chain served has moved on (an app still answering in flight).
   */
  const mempoolFor = (head: number): (() => Mempool | undefined) => {
    let pool: Mempool | undefined;
    return () => {
      if (head !== current.chain.headHeight || (builder && builder.height !== head)) return undefined;
      const ahead = builderAt(head).pending();
      if (pool?.ahead !== ahead) pool = mempoolOf(ahead, head + 1);
      return pool;
    };
  };
  const pendingListeners = new Set<(hash: string) => void>();
  // The node's filters outlive a chain: the node is made once, on its first request.
  let node: RpcNode | undefined;
  const nodeOf = (): RpcNode =>
    (node ??= nodeModule.get().createRpcNode({
      context: () => current.rpc(),
      seed: chain.seed,
      ...(options.executor ? { executor: options.executor.get() } : {}),
      wallet: {
        // A send the executor runs ahead (on an EVM) settles later: the node asks again once it has.
        send: (sent) =>
          void settled(live, `send:${sent.hash}`, () =>
            executorIfLoaded()?.ahead ? live.execute(sent) : live.send(sent),
          ),
        nextNonce: (address) => live.nextNonce(address),
      },
    }));
  const posts: PostRoute[] = [
    {
      path: '/__mock/mine',
      changesState: true,
      answer: (body) => mineRequest((blocks) => live.mine(blocks), body),
    },
    { path: '/__mock/reset', changesState: true, answer: () => (live.reset(), resetAnswer(current.chain)) },
    { path: '/rpc', answer: (body, _q, _h, refusal) => rpcAnswer(nodeOf, body, refusal) },
    { path: '/api/eth-rpc', answer: (body, _q, _h, refusal) => ethRpcAnswer(nodeOf, body, refusal) },
    { path: '/api/v1/eth-rpc', answer: (body, _q, _h, refusal) => ethRpcAnswer(nodeOf, body, refusal) },
  ];
  const startSummary = () => ({ ...options.start?.(), sends: { accepted: sentCount, automine } }) as StartSummary;
  let sentCount = 0;
  // Verifications clients submitted (the Etherscan API's verifysourcecode), by contract, and their GUIDs.
  const submitted = new Map<AccountId, SubmittedSource>();
  const guids = new Map<string, VerificationState>();
  const proxyGuids = new Map<string, { readonly id: AccountId; readonly passed: boolean }>();
  const verifier: Verifier = {
    // A status changes what its GUID's poll answers; a verification that passes changes the chain
    // (the contract's name and sources): its app serves the chain with it, keeping what the
    // views rendered of everything else.
    record(guid, id, outcome) {
      if (!('source' in outcome)) {
        guids.set(guid, { status: 'fail', reason: outcome.reason });
        return current.answer.clear();
      }
      guids.set(guid, { status: 'pass' });
      if (submitted.has(id)) return current.answer.clear();
      submitted.set(id, outcome.source);
      const next = withSubmitted(raw, submitted);
      carryViews(current.chain, next, [id]);
      serve(createApp(raw, next));
    },
    recordProxy(guid, id, passed) {
      proxyGuids.set(guid, { id, passed });
      current.answer.clear();
    },
    state: (guid) => guids.get(guid),
    proxyState: (guid) => proxyGuids.get(guid),
  };
  // The chain as built (the one mined on); the app serves it with the verifications over it.
  let raw = chain;
  const createApp = (built: Chain, served: Chain) => {
    raw = built;
    return createChainApp(
      served,
      options.start && startSummary,
      options.profile,
      mempoolFor(built.headHeight),
      posts,
      verifier,
      options.origin,
      nodeOf,
      options.etherscan,
    );
  };
  const appOf = (built: Chain) => createApp(built, withSubmitted(built, submitted));
  let current = appOf(chain);
  const listeners = new Set<(chain: Chain, height: number) => void>();
  // The warm-up under way, when one was asked for: it follows the chain served.
  let warming: { readonly signal: AbortSignal; current: AbortController; timer?: NodeJS.Timeout } | null = null;
  const warmCurrent = (bytes: number, delayMs: number) => {
    if (!warming || warming.signal.aborted) return;
    warming.current.abort();
    clearTimeout(warming.timer);
    const stop = (warming.current = new AbortController());
    const app = current;
    const start = () => void app.rest.warmUp(AbortSignal.any([warming!.signal, stop.signal]), bytes);
    if (delayMs === 0) start();
    else (warming.timer = setTimeout(start, delayMs)).unref();
  };
  const serve = (app: ChainApp) => {
    current = app;
    warmCurrent(WARM_BYTES.later, WARM_AFTER_MS);
  };
  const answer = Object.assign((request: Parameters<CachedAnswers>[0]) => current.answer(request), {
    peek: (url: string) => current.answer.peek(url),
    clear: () => current.answer.clear(),
  });
  const live: LiveChain = {
    get current() {
      return current;
    },
    answer,
    node: nodeOf,
    mine(blocks = 1) {
      if (!Number.isSafeInteger(blocks) || blocks < 1 || blocks > MAX_MINE)
        throw new MineError(`blocks must be an integer from 1 to ${MAX_MINE}, got ${JSON.stringify(blocks)}`);
      const from = current.chain.headHeight;
      const b = builderAt(from);
      b.mineTo(from + blocks);
      const next = b.chain();
      serve(appOf(next));
      for (let height = from + 1; height <= next.headHeight; height++)
        for (const listener of listeners) listener(next, height);
      return next;
    },
    execute(sent) {
      const run = async (): Promise<Admission> => {
        const ahead = (await options.executor?.load())?.ahead;
        // Run on the open block as it is when the pool takes it: again, if a block was mined meanwhile.
        for (let tries = 0; ahead && tries < 8; tries++) {
          let open = builderAt(current.chain.headHeight).open();
          // It runs where the pool takes it at once: with automine, a block that has no room left for it is mined first.
          for (
            let mined = 0;
            automine &&
            mined < 8 &&
            open.ctx.gasUsed + sent.gasLimit > open.ctx.gasLimit &&
            sent.gasLimit <= open.ctx.gasLimit;
            mined++
          ) {
            live.mine(1);
            open = builderAt(current.chain.headHeight).open();
          }
          const at = `${open.ctx.height}:${open.state.transactions.length}`;
          await ahead.prepare(open, factsOf(current.chain), [sent]);
          const now = builderAt(current.chain.headHeight).open();
          if (now.state === open.state && `${now.ctx.height}:${now.state.transactions.length}` === at) break;
        }
        return live.send(sent);
      };
      const result = running.then(run, run);
      running = result.catch(() => undefined);
      return result;
    },
    send(sent) {
      const b = builderAt(current.chain.headHeight);
      const { admission, entered } = b.submit(sent);
      sentCount++;
      // The mempool changed: what the views rendered of the chain holds, the answers that list pending transactions do not.
      current.answer.clear();
      if (admission === 'queued') return admission;
      for (const hash of entered) for (const listener of pendingListeners) listener(hash);
      if (automine) {
        live.mine(1);
        // A block that had no room left for it: the next takes it first (a fee cap under a risen base fee may keep it waiting).
        for (let more = 0; more < 2 && b.sent.holds(sent.hash); more++) live.mine(1);
      }
      return admission;
    },
    nextNonce(address) {
      return builderAt(current.chain.headHeight).sent.nextNonce(address);
    },
    get automine() {
      return automine;
    },
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
      // Filters count blocks of the chain they were made on: another chain starts without them.
      node?.state.filters.clear();
      build = start.build;
      builder = null;
      sentCount = 0;
      submitted.clear();
      guids.clear();
      proxyGuids.clear();
      serve(appOf(start.chain));
    },
    warmUp(signal) {
      warming = { signal, current: new AbortController() };
      signal.addEventListener('abort', () => clearTimeout(warming?.timer), { once: true });
      warmCurrent(WARM_BYTES.first, 0);
    },
  };
  return live;
}
