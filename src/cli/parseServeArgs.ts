import { originOptionProblem } from '../domain/nftMedia.js';
import { parseArgs } from 'node:util';
import { scenarioNames } from '../../scenarios/index.js';
import { isScenarioPath } from '../../scenarios/scenarioPath.js';
import type { CacheOption } from '../snapshotCache/cacheSettings.js';
import type { Profile } from '../schemas/profile.js';
import {
  CACHE_FLAG_OPTIONS,
  CACHE_USAGE,
  cacheFlags,
  chainFlags,
  PROFILE_FLAG_OPTIONS,
  PROFILE_USAGE,
  profileFlag,
} from './chainFlags.js';
import type { EtherscanOptions } from '../app/etherscanV2Routes.js';
import { type FaultConfig, parseLatency, parseRate, parseRateLimit, parseStatuses } from '../faults/faultConfig.js';
import { type AccessOptions, isHostName, isOrigin } from '../http/accessPolicy.js';

export interface ServeOptions {
  readonly seed: string;
  readonly scenario: string;
  readonly port: number;
  readonly host: string;
  /** Where clients reach the server, which NFT media URLs name (absent: its own address). */
  readonly publicUrl?: string;
  readonly json: boolean;
  readonly profile: Profile;
  readonly faults: FaultConfig;
  /** Absent: the default cache. */
  readonly cache?: CacheOption;
  /** Rebuild when the scenario file changes. */
  readonly watch: boolean;
  /** Which hosts the server answers to, and which pages may change its state (absent: the defaults). */
  readonly access: AccessOptions;
  /** The living chain: start height, seconds per block, pinned genesis or head time. */
  readonly growth: {
    readonly head?: number;
    readonly blockTime?: number;
    readonly genesisTime?: number;
    readonly headTime?: number | 'now';
    readonly automine?: boolean;
  };
  /** How the Etherscan-style APIs answer (absent: Blockscout's `/api`, any key on `/v2/api`). */
  readonly etherscan?: EtherscanOptions;
  /** `--solc`: the compiler verifications are compiled with (`false`: none). */
  readonly solc?: string | false;
}

export type Parsed<T> =
  | { readonly ok: true; readonly options: T }
  | { readonly ok: false; readonly message: string }
  | { readonly ok: 'help' };

export const SERVE_USAGE = `Usage: explorer-mock [options]

Serves a deterministic mock of a blockchain explorer's API v2 under /api/v2.

Options:
  --seed <int|string>   seed of the chain (default 1)
  --scenario <name>     ${scenarioNames().join(', ')} (default default), or a scenario file
                        (.json, .ts, .mts, .js, .mjs; see docs/scenarios.md)
  --port <n>            port to listen on; 0 picks a free one (default 4000)
  --host <addr>         address to bind (default 127.0.0.1)
  --public-url <url>    where clients reach the server (behind a proxy, a mapped port): the
                        origin NFT media URLs name (default its own address)
  --json                print one JSON line when listening instead of the text line
  --latency <ms|a-b>    delay every API answer: fixed, or jittered in a range (seeded)
  --error-rate <0..1>   answer this share of API requests with an error status (seeded)
  --error-status <list> statuses the error rate uses, e.g. 500,503 (default 500)
  --rate-limit <n/win>  at most n requests per client per window, e.g. 300/60s; then 429
${PROFILE_USAGE}
${CACHE_USAGE}
  --head <n>            start at this height (at least the scenario's blocks); block k is the same at any head
  --block-time <s>      mine a block every s seconds, the chain anchored to the wall clock (default: off;
                        POST /__mock/mine {"blocks": n} mines on demand either way)
  --genesis-time <unix> pin the genesis block's time (unix seconds), for byte-identical timestamps
  --head-time <now|unix> anchor the head block's time instead: now (the start time: a frozen chain a UI
                        shows as recent) or unix seconds (byte-identical); only times differ, not hashes
  --automine            mine each transaction sent to /rpc at once, in a block of its own, as Anvil does
                        (the default without --block-time)
  --no-automine         keep sent transactions pending until POST /__mock/mine or the clock mines them
                        (the default with --block-time)
  --watch               with a scenario file: rebuild when it (or a file it extends) changes
  --etherscan-v1 <blockscout|deprecated>
                        what /api?module=… answers: Blockscout's Etherscan-compatible flavour (default),
                        or Etherscan's own V1 path, switched off ("You are using a deprecated V1 endpoint…")
  --etherscan-api-key <key>
                        make /v2/api (Etherscan's API) require this apikey ("Missing/Invalid API Key")
  --allowed-hosts <list|all>
                        host names to answer to besides localhost, IP addresses and --host, e.g.
                        mock.test,.example.test (a leading dot: subdomains too); all: any (others get 403)
  --trusted-origins <list|all>
                        web pages that may mine, reset, send and verify besides pages on this machine,
                        e.g. https://app.example; all: any (every page may read)
  --solc <path|off>     the Solidity compiler verifications of your own contracts are compiled with: a
                        solc binary or solc-js; off: none (default: solc-js installed in this project)
  -h, --help            show this help

Requests can ask for faults themselves: x-mock-latency: 300, x-mock-status: 503 (or
prefer: code=503), x-mock-fault: reset | empty | slow-body.

Also: explorer-mock export --out DIR [--scenario NAME] [--seed N] [--pages K]
      explorer-mock cache ls | clear [--cache-dir DIR]
`;

/** Parses a port: an integer from 0 to 65535. */
function parsePort(text: string): number | string {
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65_535)
    return `--port must be an integer from 0 to 65535, got "${text}"`;
  return Number(text);
}

/** The server's flags, validated. Pure: no I/O, so every error path is unit-tested. */
export function parseServeArgs(argv: readonly string[]): Parsed<ServeOptions> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        seed: { type: 'string' },
        scenario: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'public-url': { type: 'string' },
        json: { type: 'boolean' },
        latency: { type: 'string' },
        'error-rate': { type: 'string' },
        'error-status': { type: 'string' },
        'rate-limit': { type: 'string' },
        ...CACHE_FLAG_OPTIONS,
        ...PROFILE_FLAG_OPTIONS,
        head: { type: 'string' },
        'block-time': { type: 'string' },
        'genesis-time': { type: 'string' },
        'head-time': { type: 'string' },
        watch: { type: 'boolean' },
        automine: { type: 'boolean' },
        'no-automine': { type: 'boolean' },
        'etherscan-v1': { type: 'string' },
        'etherscan-api-key': { type: 'string' },
        'allowed-hosts': { type: 'string' },
        'trusted-origins': { type: 'string' },
        solc: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  if (values.help) return { ok: 'help' };
  const chain = chainFlags(values);
  if (typeof chain === 'string') return { ok: false, message: chain };
  const { scenario, seed } = chain;
  const port = parsePort(values.port ?? '4000');
  if (typeof port === 'string') return { ok: false, message: port };
  const host = values.host ?? '127.0.0.1';
  if (host === '') return { ok: false, message: '--host must not be empty' };
  const originProblem =
    values['public-url'] === undefined ? undefined : originOptionProblem(values['public-url'], 'public-url');
  if (originProblem) return { ok: false, message: `--${originProblem}` };
  const faults: { -readonly [K in keyof FaultConfig]: FaultConfig[K] } = {};
  for (const [flag, parse, key] of [
    ['latency', parseLatency, 'latency'],
    ['error-rate', parseRate, 'errorRate'],
    ['error-status', parseStatuses, 'errorStatuses'],
    ['rate-limit', parseRateLimit, 'rateLimit'],
  ] as const) {
    const text = values[flag];
    if (text === undefined) continue;
    const parsed = parse(text);
    if (typeof parsed === 'string') return { ok: false, message: `--${flag}: ${parsed}` };
    Object.assign(faults, { [key]: parsed });
  }
  if (faults.errorStatuses && faults.errorRate === undefined)
    return { ok: false, message: '--error-status needs --error-rate' };
  const cache = cacheFlags(values);
  if (typeof cache === 'object' && 'error' in cache) return { ok: false, message: cache.error };
  const profile = profileFlag(values);
  if (typeof profile === 'object') return { ok: false, message: profile.error };
  const growth: {
    head?: number;
    blockTime?: number;
    genesisTime?: number;
    headTime?: number | 'now';
    automine?: boolean;
  } = {};
  if (values.automine && values['no-automine'])
    return { ok: false, message: '--automine and --no-automine contradict each other: give one' };
  if (values.automine) growth.automine = true;
  if (values['no-automine']) growth.automine = false;
  for (const [flag, key, min] of [
    ['head', 'head', 0],
    ['block-time', 'blockTime', 1],
    ['genesis-time', 'genesisTime', 0],
  ] as const) {
    const text = values[flag];
    if (text === undefined) continue;
    if (!/^\d{1,15}$/.test(text) || Number(text) < min)
      return { ok: false, message: `--${flag} must be an integer${min ? ` of at least ${min}` : ''}, got "${text}"` };
    growth[key] = Number(text);
  }
  const headTime = values['head-time'];
  if (headTime !== undefined) {
    if (headTime !== 'now' && !/^\d{1,15}$/.test(headTime))
      return { ok: false, message: `--head-time must be now or unix seconds, got "${headTime}"` };
    if (growth.genesisTime !== undefined)
      return { ok: false, message: '--head-time and --genesis-time both anchor the clock: give one' };
    growth.headTime = headTime === 'now' ? 'now' : Number(headTime);
  }
  if (values.watch && !isScenarioPath(scenario))
    return { ok: false, message: '--watch needs --scenario with a scenario file' };
  const v1 = values['etherscan-v1'];
  if (v1 !== undefined && v1 !== 'blockscout' && v1 !== 'deprecated')
    return { ok: false, message: `--etherscan-v1 must be blockscout or deprecated, got "${v1}"` };
  const apiKey = values['etherscan-api-key'];
  if (apiKey === '') return { ok: false, message: '--etherscan-api-key must not be empty' };
  const etherscan: EtherscanOptions = {
    ...(v1 === undefined ? {} : { v1 }),
    ...(apiKey === undefined ? {} : { apiKey }),
  };
  const solc = values.solc;
  if (solc === '') return { ok: false, message: "--solc takes a compiler's path or off" };
  const access: { -readonly [K in keyof AccessOptions]: AccessOptions[K] } = {};
  for (const [flag, key, valid, example] of [
    ['allowed-hosts', 'allowedHosts', isHostName, 'host names such as mock.test,.example.test'],
    ['trusted-origins', 'trustedOrigins', isOrigin, 'origins such as https://app.example,http://192.168.1.20:3000'],
  ] as const) {
    const text = values[flag];
    if (text === undefined) continue;
    if (text === 'all' || text === 'true') {
      access[key] = true;
      continue;
    }
    const list = text.split(',').map((x) => x.trim());
    const bad = list.find((x) => !valid(x));
    if (bad !== undefined)
      return { ok: false, message: `--${flag} takes all or a comma-separated list of ${example}, got "${bad}"` };
    access[key] = list;
  }
  return {
    ok: true,
    options: {
      seed,
      scenario,
      port,
      host,
      json: values.json ?? false,
      faults,
      profile,
      growth,
      watch: values.watch ?? false,
      access,
      ...(cache === undefined ? {} : { cache }),
      ...(values['public-url'] === undefined ? {} : { publicUrl: values['public-url'] }),
      ...(Object.keys(etherscan).length ? { etherscan } : {}),
      ...(solc === undefined ? {} : { solc: solc === 'off' ? (false as const) : solc }),
    },
  };
}
