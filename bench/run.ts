/**
 * `npm run bench`: chain build times and heap, start-up against a bare server, and throughput of
 * every endpoint against a bare server sending the same bytes (the ceiling), hot and walking.
 * Prints a markdown report, writes it to bench/results.md and into docs/performance.md.
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildChain } from '../generators/buildChain.js';
import { createApi } from '../src/app/createApi.js';
import { rssMb, spawnUntilLine, stop, urlIn } from './process.js';
import { measureStartup, type StartupRow } from './startup.js';
import { endpointLoads } from './urls.js';
import { measureMemory } from './measureMemory.js';
import { measureNode } from './measureNode.js';
import { measureThroughput } from './throughput.js';
import { wrk } from './wrk.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = `${ROOT}dist`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const log = (line: string) => process.stderr.write(`${line}\n`);
const fixed = (n: number, digits = 1) => n.toFixed(digits);

try {
  execFileSync('wrk', ['--version'], { stdio: 'ignore' });
} catch (error) {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
    log('npm run bench needs wrk (Debian/Ubuntu: apt-get install wrk).');
    process.exit(2);
  }
}

// The node alone (BENCH_ONLY=rpc): its loads against the ceiling, then exit.
if (process.env.BENCH_ONLY === 'rpc') {
  const mock = await spawnUntilLine([`${DIST}/bin/cli.js`, '--port', '0']);
  const ceiling = await spawnUntilLine([`${DIST}/bench/ceilingServer.js`, 'default', '1']);
  // Past the start-up's background work (snapshot, lazy modules, warm-up), as in the full run.
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  const node = await measureNode(
    urlIn(mock.line),
    urlIn(ceiling.line),
    buildChain({ scenario: 'default', seed: 1 }),
    SECONDS,
    CONNECTIONS,
    log,
  );
  log(node.misses.length ? `missed: ${node.misses.join('; ')}` : 'every node target met');
  await stop(mock.child);
  await stop(ceiling.child);
  process.exit(0);
}

// The Etherscan-compatible API's load alone (BENCH_ONLY=etherscan): against the ceiling, then exit
// (issue target: txlist of a busy address, offset=100, at least 0.5 of the ceiling warm).
if (process.env.BENCH_ONLY === 'etherscan') {
  const chain = buildChain({ scenario: 'default', seed: 1 });
  const load = endpointLoads(chain, createApi(chain)).find((l) => l.name === 'etherscan txlist')!;
  const mock = await spawnUntilLine([`${DIST}/bin/cli.js`, '--port', '0']);
  const ceiling = await spawnUntilLine([`${DIST}/bench/ceilingServer.js`, 'default', '1']);
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  for (const [mode, urls] of [
    ['hot', [load.hot]],
    ['walk', load.walk],
  ] as const) {
    // Warm: each URL answered once before the timed run.
    wrk(urlIn(mock.line), [...urls], 2, CONNECTIONS);
    const m = wrk(urlIn(mock.line), [...urls], SECONDS, CONNECTIONS);
    const c = wrk(urlIn(ceiling.line), [...urls], SECONDS, CONNECTIONS);
    log(
      `etherscan txlist ${mode} (${urls.length} URLs): ${fixed(m.rps, 0)} req/s, p50 ${fixed(m.p50Ms, 2)} ms, p99 ${fixed(m.p99Ms, 2)} ms; ceiling ${fixed(c.rps, 0)} req/s; ratio ${fixed(m.rps / c.rps, 2)}${mode === 'hot' ? ` (target ≥ 0.5 ${m.rps / c.rps >= 0.5 ? 'met' : 'missed'})` : ''}`,
    );
  }
  await stop(mock.child);
  await stop(ceiling.child);
  process.exit(0);
}

/**
 * Contracts on the EVM, in a fresh process (issue targets: a transfer of a deployed ERC-20 ≤ 15 ms
 * median with automine on default; eth_call of its balanceOf ≤ 2 ms median).
 */
function measureEvmLine(): string {
  const evm = JSON.parse(execFileSync(process.execPath, [`${DIST}/bench/measureEvm.js`], { encoding: 'utf8' })) as {
    deployMs: number;
    transfers: { count: number; median: number; p99: number };
    evmCall: { median: number; p99: number; perSecond: number };
    modelCall: { median: number; p99: number; perSecond: number };
  };
  return `Contracts on the EVM (\`default\`, automine): an OpenZeppelin ERC-20 deployed in ${fixed(evm.deployMs, 0)} ms (the first executed send: it loads the EVM); ${evm.transfers.count} transfers, each answered once mined, ${fixed(evm.transfers.median, 1)} ms median (p99 ${fixed(evm.transfers.p99, 1)} ms), target ≤ 15 ms ${evm.transfers.median <= 15 ? 'met' : 'missed'}; eth_call of its balanceOf ${fixed(evm.evmCall.median, 2)} ms median, target ≤ 2 ms ${evm.evmCall.median <= 2 ? 'met' : 'missed'}, ${fixed(evm.evmCall.perSecond, 0)} calls/s with 16 in flight against ${fixed(evm.modelCall.perSecond, 0)} for the same call on a generated ERC-20 the ledger's models answer (${fixed(evm.modelCall.median, 2)} ms median), ratio ${fixed(evm.evmCall.perSecond / evm.modelCall.perSecond, 2)}.`;
}

// Contracts on the EVM alone (BENCH_ONLY=evm).
if (process.env.BENCH_ONLY === 'evm') {
  log(measureEvmLine());
  process.exit(0);
}

/** The start-up targets, by scenario and cache. */
const TARGETS: Record<string, (row: StartupRow) => string> = {
  'tiny warm': (r) => (r.ratio <= 2 ? 'met (≤ 2×)' : 'missed (≤ 2×)'),
  'default warm': (r) => (r.ratio <= 3 ? 'met (≤ 3×)' : 'missed (≤ 3×)'),
  'default cold': (r) => (r.ratio <= 5 ? 'met (≤ 5×)' : 'missed (≤ 5×)'),
  'large warm': (r) => (r.ms <= 3_000 ? 'met (≤ 3 s)' : 'missed (≤ 3 s)'),
};

// Start-up alone (BENCH_ONLY=startup): tiny and default, cold and warm, beside the floor.
if (process.env.BENCH_ONLY === 'startup') {
  const rows = await measureStartup(
    DIST,
    [
      { name: 'tiny', coldRuns: 7, warmRuns: 7 },
      { name: 'default', coldRuns: 7, warmRuns: 7 },
    ],
    log,
  );
  for (const r of rows)
    log(
      `${r.scenario} ${r.cache}: ${fixed(r.ms, 0)} ms, floor ${fixed(r.floorMs, 0)} ms, ratio ${fixed(r.ratio, 2)} ${TARGETS[`${r.scenario} ${r.cache}`]?.(r) ?? ''}`,
    );
  process.exit(0);
}

/** The REST endpoints' loads on default, walks cut to 300 URLs. */
function throughputLoads() {
  const chain = buildChain({ scenario: 'default', seed: 1 });
  return endpointLoads(chain, createApi(chain)).map((l) => ({ ...l, walk: l.walk.slice(0, 300) }));
}

// The REST loads alone (BENCH_ONLY=throughput): the table's rows, then exit.
if (process.env.BENCH_ONLY === 'throughput') {
  const mock = await spawnUntilLine([`${DIST}/bin/cli.js`, '--port', '0']);
  const ceiling = await spawnUntilLine([`${DIST}/bench/ceilingServer.js`, 'default', '1']);
  const loads = throughputLoads();
  const t = measureThroughput(urlIn(mock.line), urlIn(ceiling.line), loads, SECONDS, CONNECTIONS, log);
  log(
    `worst ratio ${fixed(t.worstHot, 2)} hot, ${fixed(t.worstWalk, 2)} walking; worst p99 ${fixed(t.worstP99, 1)} ms; errors ${t.errors}; server RSS after the loads ${fixed(rssMb(mock.child.pid!), 0)} MB`,
  );
  await stop(mock.child);
  await stop(ceiling.child);
  process.exit(0);
}

/** Resident memory of default, idle after the warm-up and after 600 blocks mined (issue target: idle under 200 MiB). */
async function memoryLine(): Promise<string> {
  const m = await measureMemory(DIST);
  return `Memory of \`default\` (RSS, its chain ${m.source === 'snapshot' ? 'loaded from its snapshot' : 'built'}): idle after the warm-up ${fixed(m.idleMb, 0)} MiB, target < 200 MiB ${m.idleMb < 200 ? 'met' : 'missed'}; after ${m.blocks} blocks mined by \`POST /__mock/mine\`, one a request, ${fixed(m.minedMb, 0)} MiB.`;
}

// Memory alone (BENCH_ONLY=memory).
if (process.env.BENCH_ONLY === 'memory') {
  log(await memoryLine());
  process.exit(0);
}

// 1. Chain builds, each in a fresh process.
const builds = ['tiny', 'default', 'large'].map((scenario) => {
  log(`building ${scenario}…`);
  return JSON.parse(
    execFileSync(process.execPath, ['--expose-gc', `${DIST}/bench/measureBuild.js`, scenario], {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    }),
  ) as {
    scenario: string;
    ms: number;
    heapMb: number;
    transactions: number;
    blocks: number;
  };
});

// Mining one block past the head of `default`, in a fresh process (issue target: ≤ 5 ms median).
const mining = JSON.parse(
  execFileSync(process.execPath, [`${DIST}/bench/measureMining.js`], { encoding: 'utf8' }),
) as Record<'ledger' | 'index' | 'app' | 'total', { median: number; max: number }>;
const miningLine = `Mining one \`default\` block: ${fixed(mining.total.median)} ms median (${fixed(mining.total.max)} ms worst) — the ledger ${fixed(mining.ledger.median)} ms, re-indexing the chain ${fixed(mining.index.median)} ms, the new app ${fixed(mining.app.median, 2)} ms; target ≤ 5 ms ${mining.total.median <= 5 ? 'met' : 'missed'}.`;
log(miningLine);

// Wallet sends over HTTP, in a fresh process (issue targets: automine send ≤ 5 ms median on
// default; 1,000 sends queued then mined in one block within 1 s).
const sends = JSON.parse(execFileSync(process.execPath, [`${DIST}/bench/measureSends.js`], { encoding: 'utf8' })) as {
  automine: { sends: number; median: number; p99: number };
  queued: { sends: number; accepted: number; totalMs: number; mineMs: number; inBlock: number; oneByOneMs: number };
};
const sendsLine = `Wallet sends on \`default\`: one signed transfer POSTed with automine, answered once mined, ${fixed(sends.automine.median, 2)} ms median (p99 ${fixed(sends.automine.p99, 1)} ms, ${sends.automine.sends} sends), target ≤ 5 ms ${sends.automine.median <= 5 ? 'met' : 'missed'}; ${sends.queued.sends} sends queued in one JSON-RPC batch then one block mined (a 30,000,000 gas limit: default's holds 142 transfers), ${fixed(sends.queued.totalMs, 0)} ms in all (the block ${fixed(sends.queued.mineMs, 1)} ms, holding ${sends.queued.inBlock}), target ≤ 1,000 ms ${sends.queued.totalMs <= 1000 && sends.queued.inBlock === sends.queued.sends ? 'met' : 'missed'}; the same sent one request each, ${fixed(sends.queued.oneByOneMs, 0)} ms.`;
log(sendsLine);
if (process.env.BENCH_ONLY === 'sends') process.exit(0);

const evmLine = measureEvmLine();
log(evmLine);

// Hot pages while the chain grows: the same URLs on a frozen server, then on one mining a block
// every second (issue target: within 10%). Each new block starts the answer caches afresh.
const LIVE_URLS = [
  '/api/v2/main-page/blocks',
  '/api/v2/blocks',
  `/api/v2/addresses/${buildChain({ scenario: 'default', seed: 1 }).handles.whale}`,
];
const liveRps: number[][] = [];
for (const flags of [[], ['--block-time', '1']]) {
  const server = await spawnUntilLine([`${DIST}/bin/cli.js`, '--port', '0', ...flags]);
  const url = urlIn(server.line);
  // Past the start-up's background work (snapshot, lazy modules, warm-up), as a test run would be.
  await new Promise((resolve) => setTimeout(resolve, 8_000));
  liveRps.push(LIVE_URLS.map((path) => wrk(url, [path], Math.min(SECONDS, 5), CONNECTIONS).rps));
  await stop(server.child);
}
const liveRatios = LIVE_URLS.map((_u, k) => liveRps[1]![k]! / liveRps[0]![k]!);
const liveLine = `Hot pages while mining a block every second, against the frozen server: ${LIVE_URLS.map((u, k) => `${u.replace(/0x[0-9a-fA-F]{40}/, '{whale}')} ${fixed(liveRps[1]![k]!, 0)}/${fixed(liveRps[0]![k]!, 0)} req/s (${fixed(liveRatios[k]!, 2)})`).join('; ')}; worst ${fixed(Math.min(...liveRatios), 2)}, target ≥ 0.90 ${Math.min(...liveRatios) >= 0.9 ? 'met' : 'missed'}.`;
log(liveLine);
if (process.env.BENCH_ONLY === 'mining') process.exit(0);
const memory = await memoryLine();
log(memory);

// 2. Spawn to first 200, cold (empty snapshot cache) and warm, beside a bare server that loads
// nothing (the floor), interleaved. Large builds for ~20 s, so it gets 3 cold runs, not 7.
const startup = await measureStartup(
  DIST,
  [
    { name: 'tiny', coldRuns: 7, warmRuns: 7 },
    { name: 'default', coldRuns: 7, warmRuns: 7 },
    { name: 'large', coldRuns: 3, warmRuns: 7 },
  ],
  log,
);
/** The issue's targets: ratios to the floor, except large's warm start (seconds). */

// 3. Throughput, each endpoint hot and walking, mock and ceiling back to back.
const loads = throughputLoads();
const mock = await spawnUntilLine([`${DIST}/bin/cli.js`, '--port', '0']);
const ceiling = await spawnUntilLine([`${DIST}/bench/ceilingServer.js`, 'default', '1']);
const [mockUrl, ceilingUrl] = [urlIn(mock.line), urlIn(ceiling.line)];
const {
  rows,
  worstHot,
  worstWalk,
  worstP99,
  errors: loadErrors,
} = measureThroughput(mockUrl, ceilingUrl, loads, SECONDS, CONNECTIONS, log);
let errors = loadErrors;
const rss = rssMb(mock.child.pid!);

// 3b. The node, on the same two servers.
const node = await measureNode(
  mockUrl,
  ceilingUrl,
  buildChain({ scenario: 'default', seed: 1 }),
  SECONDS,
  CONNECTIONS,
  log,
);
errors += node.errors;

// 4. SIGTERM under load: time from the signal to the exit, requests in flight finishing.
async function closeUnderLoad(child: typeof mock.child, url: string): Promise<number> {
  let running = true;
  const clients = Array.from({ length: 50 }, async () => {
    while (running)
      await fetch(`${url}/api/v2/blocks`).then(
        (r) => r.arrayBuffer(),
        () => (running = false),
      );
  });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const start = performance.now();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  const ms = performance.now() - start;
  running = false;
  await Promise.all(clients);
  return ms;
}
const closeMs = await closeUnderLoad(mock.child, mockUrl);
await stop(ceiling.child);

const report = `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}).

Chain builds (a fresh process each):

| Scenario | Blocks | Transactions | Build | Heap |
|---|---|---|---|---|
${builds.map((b) => `| ${b.scenario} | ${b.blocks.toLocaleString('en-US')} | ${b.transactions.toLocaleString('en-US')} | ${fixed(b.ms / 1000, 2)} s | ${fixed(b.heapMb, 0)} MB |`).join('\n')}

${miningLine}

${sendsLine}

${evmLine}

${liveLine}

${memory}

Start-up, spawn of \`explorer-mock --port 0\` to the first 200 of \`/api/v2/blocks\` (median), each run beside the floor: a bare Node \`http\` server that loads nothing, spawned and asked the same way in the same run. *Cold*: an empty snapshot cache, so the chain is built (its snapshot is written after the first answers); *warm*: the snapshot is there.

| Scenario | Cache | Runs | Start-up | Floor | Ratio | Target |
|---|---|---|---|---|---|---|
${startup.map((r) => `| ${r.scenario} | ${r.cache} | ${r.runs} | ${fixed(r.ms, 0)} ms | ${fixed(r.floorMs, 0)} ms | **${fixed(r.ratio, 2)}** | ${TARGETS[`${r.scenario} ${r.cache}`]?.(r) ?? '—'} |`).join('\n')}

Throughput on default, ${SECONDS} s per run at ${CONNECTIONS} connections with wrk (2 threads). *hot* repeats one URL; *walk* cycles through different URLs (every page of a long list, or every entity). The ceiling is a bare Node \`http\` server answering the same URLs with the same bytes from a pre-built map, measured right after.

| Endpoint | Load | URLs | req/s | p50 ms | p99 ms | ceiling req/s | ratio |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

The node: JSON-RPC bodies POSTed to \`/rpc\` on the same server (${SECONDS} s, ${CONNECTIONS} connections), against the ceiling answering the same bodies with the same bytes. *walk* cycles through different bodies (blocks by number, balanceOf of different holders at different blocks).

| Method | Load | Bodies | req/s | p50 ms | p99 ms | ceiling req/s | ratio | target |
|---|---|---|---|---|---|---|---|---|
${node.rows.join('\n')}

${node.batchLine}${node.misses.length ? ` Missed: ${node.misses.join('; ')}.` : ''}

Worst ratio: ${fixed(worstHot, 2)} hot, ${fixed(worstWalk, 2)} walking. Worst p99: ${fixed(worstP99, 1)} ms. Errors: ${errors}. Server RSS after the loads: ${fixed(rss, 0)} MB. SIGTERM under load (50 clients) to exit: ${fixed(closeMs, 0)} ms.
`;

process.stdout.write(report);
writeFileSync(`${ROOT}bench/results.md`, `# Benchmark results\n\n${report}`);
const page = readFileSync(`${ROOT}docs/performance.md`, 'utf8');
const [open, close] = ['<!-- bench:start -->', '<!-- bench:end -->'];
if (page.includes(open) && page.includes(close)) {
  writeFileSync(
    `${ROOT}docs/performance.md`,
    `${page.slice(0, page.indexOf(open) + open.length)}\n${report}${page.slice(page.indexOf(close))}`,
  );
}
