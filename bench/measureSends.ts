/**
 * Child process of the benchmark: wallet sends over HTTP, as a client makes them. (1) On `default`
 * with automine, each signed transaction POSTed to /rpc is answered once it is mined: the time of
 * each send. (2) On `default` with a mainnet gas limit (30,000,000: `default`'s 3,000,000 holds
 * 142 transfers) and without automine, 1,000 sends from the ten test accounts queued, then one
 * block mined: the time of each part, and how many the block holds. Prints JSON.
 */
import { resolveScenario } from '../generators/chainInput.js';
import { testKey } from '../src/chain/testKeys.js';
import { signTransaction } from '../src/protocol/signedTransaction.js';
import { startServer } from '../src/startServer.js';

const DEAD = '0x000000000000000000000000000000000000dead';

async function rpc(url: string, method: string, params: unknown[]): Promise<any> {
  const response = await fetch(`${url}/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const json = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (json.error) throw new Error(`${method}: ${json.error.message}`);
  return json.result;
}

/** Signed transfers from test account `account`, nonces `from` on, at fees far above the base fee. */
function transfers(account: number, from: number, count: number): `0x${string}`[] {
  return Array.from({ length: count }, (_, k) =>
    signTransaction(
      {
        to: DEAD,
        nonce: from + k,
        value: 1n,
        gas: 21_000,
        data: '0x',
        chainId: 31337,
        fees: { maxFeePerGas: 500n * 10n ** 9n, maxPriorityFeePerGas: 10n ** 9n },
      },
      testKey(account).privateKey,
    ),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)]!;

// 1. Automine on default: 20 sends to warm up (the first replays the builder), 300 timed.
const automined = await startServer({ scenario: 'default', seed: 1 });
const sends = transfers(0, 0, 320);
const times: number[] = [];
for (const [k, raw] of sends.entries()) {
  const start = performance.now();
  await rpc(automined.url, 'eth_sendRawTransaction', [raw]);
  if (k >= 20) times.push(performance.now() - start);
}
const head = Number(BigInt(await rpc(automined.url, 'eth_blockNumber', [])));
await automined.close();

// 2. 1,000 sends queued, then one block.
const queued = await startServer({
  scenario: { ...resolveScenario('default'), name: 'default, 30M gas', blockGasLimit: 30_000_000 },
  seed: 1,
  automine: false,
});
const batch = Array.from({ length: 10 }, (_, account) => transfers(account, 0, 100)).flat();
// The builder replays once, on the first send or mempool read: outside the timing, as in a test's set-up.
await fetch(`${queued.url}/api/v2/transactions?filter=pending`);
// As a test queues many: one JSON-RPC batch of 1,000 eth_sendRawTransaction, then one block.
const t0 = performance.now();
const answers = (await (
  await fetch(`${queued.url}/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      batch.map((raw, id) => ({ jsonrpc: '2.0', id, method: 'eth_sendRawTransaction', params: [raw] })),
    ),
  })
).json()) as { result?: string }[];
const t1 = performance.now();
await fetch(`${queued.url}/__mock/mine`, { method: 'POST' });
const t2 = performance.now();
const block = await rpc(queued.url, 'eth_getBlockByNumber', ['latest', true]);
const fromTests = (block.transactions as { to: string }[]).filter((t) => t.to === DEAD).length;
// And one at a time, each its own request: 1,000 more from the same accounts.
const single = Array.from({ length: 10 }, (_, account) => transfers(account, 100, 100)).flat();
const t3 = performance.now();
for (const raw of single) await rpc(queued.url, 'eth_sendRawTransaction', [raw]);
await fetch(`${queued.url}/__mock/mine`, { method: 'POST' });
const t4 = performance.now();
await queued.close();

process.stdout.write(
  JSON.stringify({
    automine: { sends: times.length, median: median(times), p99: p99(times), max: Math.max(...times), head },
    queued: {
      sends: batch.length,
      accepted: answers.filter((a) => a.result).length,
      sendMs: t1 - t0,
      mineMs: t2 - t1,
      totalMs: t2 - t0,
      inBlock: fromTests,
      blockTransactions: block.transactions.length,
      oneByOneMs: t4 - t3,
    },
  }),
);
