import type { Profile } from '../schemas/profile.js';
import { buildChain, createChainBuilder } from '../../generators/buildChain.js';
import { clockAnchoredGenesisTime } from '../live/clockAnchor.js';
import { createLiveChain } from '../live/liveChain.js';
import { evmExecutorModule } from '../app/executorModule.js';
import type { CacheOption } from '../snapshotCache/cacheSettings.js';
import { openChainSync } from '../snapshotCache/openChain.js';
import type { Chain } from '../chain/types.js';
import { BuildChainError } from '../protocol/errors.js';
import { answerWithFaults, SLOW_BODY } from '../faults/answerWithFaults.js';
import type { FaultConfig } from '../faults/faultConfig.js';
import { createFaultPlanner } from '../faults/planFaults.js';
import { type HttpAnswer, MAX_POST_BYTES } from '../http/answerHttp.js';
import { accessPolicy } from '../http/accessPolicy.js';
import type { Scenario } from '../../scenarios/types.js';
import type { ContractRuns } from '../../generators/ledger/contractRuns.js';
import { isScenarioPath } from '../../scenarios/scenarioPath.js';
import { DEFAULT_MEDIA_ORIGIN } from '../domain/nftMedia.js';
import { compilerOption, solcOptionProblem } from '../app/solcCompiler.js';
import type { EtherscanOptions } from '../app/etherscanV2Routes.js';
import { servingOptionsProblem } from '../app/servingOptions.js';

export interface CreateHandlerOptions {
  /** A built-in scenario's name, or a scenario object (`await loadScenario(path)` reads a file). */
  readonly scenario?: string | Scenario;
  readonly seed?: string | number;
  /**
   * What the EVM did running the own code of the scenario's contracts (constructors, scripted calls):
   * needed for such a scenario (`createHandler({ ...(await runContractCode({ scenario, seed })), … })`).
   */
  readonly contractRuns?: ContractRuns;
  /** Delay every API answer: fixed ms, or a range jittered from the seed. */
  readonly latency?: FaultConfig['latency'];
  readonly errorRate?: number;
  readonly errorStatuses?: readonly number[];
  readonly rateLimit?: { readonly limit: number; readonly windowMs: number };
  /** The snapshot cache of built chains, as in `startServer` (on by default; `false` turns it off). */
  readonly cache?: CacheOption;
  /** Whose answers to give: `'spec'` (the seed spec's, the default) or `'blockscout'` (Blockscout v11's). */
  readonly profile?: Profile;
  /** Start at this height (at least the scenario's `blocks`, its default). */
  readonly head?: number;
  /** Unix seconds of the head block, or `'now'`: the chain anchored at its head (as `startServer`'s `headTime`). */
  readonly headTime?: number | 'now';
  /** Mine each transaction sent to `/rpc` at once, in a block of its own (default true); false: `mine` mines them. */
  readonly automine?: boolean;
  /** How the Etherscan-style APIs answer, as `startServer`'s `etherscan` (`/api`'s flavour, a key `/v2/api` requires). */
  readonly etherscan?: EtherscanOptions;
  /**
   * The Solidity compiler verifications are compiled with: a `solc` binary's path, or solc-js (its
   * package folder or `solc.js`); `false`: none. Default: solc-js as installed in the project the
   * mock runs in (`node_modules/solc` from the working directory), if it is. A submission for a
   * contract with code of its own, naming that compiler's version, is compiled and its runtime
   * code compared with the deployed code; any other stands on the checks made without a compiler.
   */
  readonly solc?: string | false;
  /**
   * Where the page reaches the mock, an origin (default `http://127.0.0.1:4000`): NFT metadata's
   * image and animation URLs point at the drawings the handler serves there (`/__mock/nft/…`).
   */
  readonly publicUrl?: string;
  /**
   * Origins of pages that may change state (mine, reset, send, verify), as `startServer`'s. Default
   * `true`, every origin: only the app's own pages reach an in-process handler (a service worker
   * serves its own origin, `page.route` the test's page); `[]` applies the server's rule (only pages
   * on loopback hosts), to see how an app takes a refusal.
   */
  readonly trustedOrigins?: readonly string[] | true;
}

/** A Fetch API handler, with the chain it answers from. */
export interface MockHandler {
  (request: Request): Promise<Response>;
  /** The chain it answers from now (a new one after each `mine`). */
  readonly chain: Chain;
  /**
   * Mines `blocks` more blocks (default 1) at once; returns the new head's height. Throws
   * `MineError` for a bad count. It runs nothing on the EVM: a send that waits in the pool for such
   * a run (a creation that waited for room) goes into a block mined after the next send or mine
   * through the node or `POST /__mock/mine`, which run it first.
   */
  mine(blocks?: number): number;
  /** Returns to the chain it started with: every block mined and transaction sent since is gone. */
  reset(): void;
}

/** Thrown for options `createHandler` cannot use. */
export class CreateHandlerError extends Error {
  override readonly name = 'CreateHandlerError';
}

function slowStream(body: Uint8Array): ReadableStream<Uint8Array> {
  const size = Math.ceil(body.length / SLOW_BODY.chunks) || 1;
  let offset = 0;
  return new ReadableStream({
    async pull(controller) {
      if (offset > 0) await new Promise((resolve) => setTimeout(resolve, SLOW_BODY.intervalMs));
      controller.enqueue(body.slice(offset, (offset += size)));
      if (offset >= body.length) controller.close();
    },
  });
}

const bytesOf = (body: Uint8Array | string): Uint8Array =>
  typeof body === 'string' ? new TextEncoder().encode(body) : body;

/** A request's body as text, or null when it is longer than the server reads. */
async function bodyOf(request: Request): Promise<string | null> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  return bytes.length > MAX_POST_BYTES ? null : new TextDecoder().decode(bytes);
}

const toResponse = (answer: HttpAnswer, slow: boolean) =>
  new Response(answer.body === null ? null : slow ? slowStream(bytesOf(answer.body)) : answer.body.slice(), {
    status: answer.status,
    headers: answer.headers,
  });

/**
 * The mock as an in-process `(request: Request) => Promise<Response>`, answering exactly as the
 * server does (for `/api/v2/...` URLs on any host), for MSW, Playwright's `page.route` and tests
 * that need no port.
 *
 * @example
 * const handler = createHandler({ scenario: 'tiny', seed: 1 });
 * const response = await handler(new Request('https://explorer.test/api/v2/blocks'));
 */
export function createHandler(options: CreateHandlerOptions = {}): MockHandler {
  const {
    scenario = 'default',
    seed = 1,
    latency,
    errorRate,
    errorStatuses,
    rateLimit,
    cache,
    profile = 'spec',
    head,
    headTime,
    automine = true,
    publicUrl = DEFAULT_MEDIA_ORIGIN,
    etherscan,
    trustedOrigins = true,
  } = options;
  const faults: FaultConfig = {
    ...(latency !== undefined ? { latency } : {}),
    ...(errorRate !== undefined ? { errorRate } : {}),
    ...(errorStatuses !== undefined ? { errorStatuses } : {}),
    ...(rateLimit !== undefined ? { rateLimit } : {}),
  };
  const problem = servingOptionsProblem(
    'createHandler',
    {
      profile,
      faults,
      etherscan,
      access: { trustedOrigins },
      cache,
      publicUrl,
      automine,
      headTime,
      genesisTime: undefined,
    },
    true,
  );
  if (problem) throw new CreateHandlerError(problem);
  const solcProblem = solcOptionProblem('createHandler', options.solc);
  if (solcProblem) throw new CreateHandlerError(solcProblem);
  if (typeof scenario === 'string' && isScenarioPath(scenario))
    throw new CreateHandlerError(
      `createHandler: scenario files load asynchronously; pass await loadScenario(${JSON.stringify(scenario)})`,
    );
  let opened;
  let build;
  try {
    const genesisTime =
      headTime === undefined
        ? undefined
        : clockAnchoredGenesisTime({ scenario, seed, head, headTime, blockTime: undefined });
    if (genesisTime !== undefined && genesisTime < 0)
      throw new CreateHandlerError(`createHandler: headTime ${headTime} is too early for the chain`);
    build = {
      scenario,
      seed,
      ...(options.contractRuns ? { contractRuns: options.contractRuns } : {}),
      ...(head === undefined ? {} : { head }),
      ...(genesisTime === undefined ? {} : { genesisTime }),
    };
    // Anchored to the wall clock, the chain has other times (so another key) at each start: no snapshot of it.
    opened = openChainSync(
      { ...build, ...(headTime === 'now' ? { cache: false } : cache === undefined ? {} : { cache }) },
      buildChain,
    );
  } catch (error) {
    if (error instanceof BuildChainError)
      throw new CreateHandlerError(error.message.replace(/^buildChain/, 'createHandler'));
    throw error;
  }
  opened.saveSnapshot();
  const live = createLiveChain(opened.chain, {
    profile,
    start: () => opened.origin,
    build,
    createBuilder: createChainBuilder,
    executor: evmExecutorModule(),
    automine,
    origin: () => publicUrl,
    ...(etherscan ? { etherscan } : {}),
    ...compilerOption(options.solc),
  });
  const planner = createFaultPlanner(faults, opened.chain.seed);
  // No Host check: nothing reaches an in-process handler through DNS.
  const policy = trustedOrigins === true ? null : accessPolicy({ trustedOrigins });
  const handler = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const body = method === 'POST' ? await bodyOf(request) : undefined;
    const writeRefusal =
      policy && method !== 'GET' && method !== 'HEAD' ? policy.writeRefusal(request.headers.get('origin')) : undefined;
    const faulted = await answerWithFaults(live.answer, planner, {
      method: request.method,
      url: `${url.pathname}${url.search}`,
      header: (name) => request.headers.get(name),
      client: request.headers.get('x-forwarded-for') ?? 'in-process',
      ...(body === undefined ? {} : { body }),
      ...(writeRefusal ? { writeRefusal } : {}),
    });
    if (faulted.kind !== 'answer')
      throw new TypeError(
        `fetch failed: the mock ${faulted.kind === 'reset' ? 'reset the connection' : 'closed the connection without answering'}`,
      );
    return toResponse(faulted.answer, faulted.slow);
  };
  return Object.defineProperties(handler, {
    chain: { get: () => live.current.chain, enumerable: true },
    mine: { value: (blocks = 1) => live.mine(blocks).headHeight, enumerable: true },
    reset: { value: () => live.reset(), enumerable: true },
  }) as MockHandler;
}
