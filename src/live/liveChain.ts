import type { BuildChainOptions } from '../../generators/chainInput.js';
import type { Admission, ChainBuilder, SentTransaction } from '../../generators/buildChain.js';
import { createChainApp, type ChainApp } from '../app/chainApp.js';
import { nodeModule } from '../app/nodeModule.js';
import type { PostRoute } from '../http/answerHttp.js';
import type { RpcNode } from '../rpc/node.js';
import { ethRpcAnswer, mineRequest, resetAnswer, rpcAnswer } from './controlRoutes.js';
import { MAX_MINE, MineError } from './mineError.js';
import type { AccountId, Chain, SubmittedSource } from '../chain/types.js';
import { withSubmitted } from '../chain/verified.js';
import type { VerificationState, Verifier } from '../etherscan/envelope.js';
import type { CachedAnswers } from '../http/cachedAnswers.js';
import type { StartSummary } from '../app/scenarioSummary.js';
import type { Profile } from '../schemas/profile.js';
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

/** JSON the first chain's warm-up renders (all of default, the hot part of large), and each later chain's (its newest pages). */
const WARM_BYTES = { first: 128 * 1024 * 1024, later: 1024 * 1024 };
/** How long a later chain must have been served before it is warmed: a chain mined over at once is not worth it. */
const WARM_AFTER_MS = 1_000;

export interface LiveChainOptions {
  readonly profile: Profile;
  readonly start?: () => StartSummary;
  /** How the chain was built, so mining can replay it (the chain itself may come from a snapshot). */
  readonly build: BuildChainOptions;
  /** The chain builder (loaded lazily: a server that never mines never loads it). */
  readonly createBuilder: (options: BuildChainOptions) => ChainBuilder;
  /** Mine each accepted transaction at once, in a block of its own (default true). */
  readonly automine?: boolean;
}

/**
 * The app of a chain that grows by `mine`. Mining goes on from a builder replayed to the served
 * head (built on the first `mine`, since a chain loaded from a snapshot has none), so block `k`
 * is the same whether the server started below or at `k`.
 */
export function createLiveChain(chain: Chain, options: LiveChainOptions): LiveChain {
  let build = options.build;
  let start = { chain, build };
  const automine = options.automine ?? true;
  // One builder, replayed to the served head when first needed (a chain loaded from a snapshot has
  // none): it mines, and the block it keeps open in front of the head is the mempool.
  let builder: ChainBuilder | null = null;
  const builderAt = (head: number): ChainBuilder => {
    if (!builder) {
      const made = options.createBuilder(build);
      made.mineTo(head);
      builder = made;
    }
    return builder;
  };
  /** The mempool in front of `head`: none once the chain served has moved on (an app still answering in flight). */
  const mempoolFor = (head: number): (() => Mempool | undefined) => {
    let pool: Mempool | undefined;
    return () => {
      if (pool) return pool;
      if (head !== current.chain.headHeight || (builder && builder.height !== head)) return undefined;
      return (pool = mempoolOf(builderAt(head).pending(), head + 1));
    };
  };
  const pendingListeners = new Set<(hash: string) => void>();
  // The node's filters outlive a chain: the node is made once, on its first request.
  let node: RpcNode | undefined;
  const nodeOf = () =>
    (node ??= nodeModule.get().createRpcNode({
      context: () => fresh().rpc(),
      seed: chain.seed,
      wallet: { send: (sent) => void live.send(sent), nextNonce: (address) => live.nextNonce(address) },
    }));
  const posts: PostRoute[] = [
    { path: '/__mock/mine', answer: (body) => mineRequest((blocks) => live.mine(blocks), body) },
    { path: '/__mock/reset', answer: () => (live.reset(), resetAnswer(current.chain)) },
    { path: '/rpc', answer: (body) => rpcAnswer(nodeOf, body) },
    { path: '/api/eth-rpc', answer: (body) => ethRpcAnswer(nodeOf, body) },
    { path: '/api/v1/eth-rpc', answer: (body) => ethRpcAnswer(nodeOf, body) },
  ];
  const startSummary = () => ({ ...options.start?.(), sends: { accepted: sentCount, automine } }) as StartSummary;
  let sentCount = 0;
  // Verifications clients submitted (the Etherscan API's verifysourcecode), by contract, and their GUIDs.
  const submitted = new Map<AccountId, SubmittedSource>();
  const guids = new Map<string, VerificationState>();
  const proxyGuids = new Map<string, { readonly id: AccountId; readonly passed: boolean }>();
  const verifier: Verifier = {
    // Every record makes a new app: its GET answers (a status polled before) must not outlive it.
    record(guid, id, source) {
      guids.set(guid, source ? 'pass' : 'fail');
      if (source && !submitted.has(id)) submitted.set(id, source);
      stale = true;
    },
    recordProxy(guid, id, passed) {
      proxyGuids.set(guid, { id, passed });
      stale = true;
    },
    state: (guid) => guids.get(guid),
    proxyState: (guid) => proxyGuids.get(guid),
  };
  // The chain as built (the one mined on); the app serves it with the verifications over it.
  let raw = chain;
  const appOf = (served: Chain) => {
    raw = served;
    return createChainApp(
      withSubmitted(served, submitted),
      options.start && startSummary,
      options.profile,
      mempoolFor(served.headHeight),
      posts,
      verifier,
    );
  };
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
  // The mempool changed since the app was made (a send): the next reader gets a new app, made once for many sends.
  let stale = false;
  const fresh = () => {
    if (stale) serve(appOf(raw));
    return current;
  };
  const serve = (app: ChainApp) => {
    stale = false;
    current = app;
    warmCurrent(WARM_BYTES.later, WARM_AFTER_MS);
  };
  const answer = Object.assign(((request: Parameters<CachedAnswers>[0]) => fresh().answer(request)) as CachedAnswers, {
    peek: (url: string) => fresh().answer.peek(url),
  });
  const live: LiveChain = {
    get current() {
      return fresh();
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
    send(sent) {
      const b = builderAt(current.chain.headHeight);
      const { admission, entered } = b.submit(sent);
      sentCount++;
      // The mempool changed: the next reader gets a new app, whose pending lists hold it.
      stale = true;
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
