/**
 * Child process of the benchmark: contracts on the EVM, as a dApp team's tests use them. On
 * `default` with automine: an OpenZeppelin ERC-20 (test/fixtures/contracts/Token.json) deployed from
 * a test key (the first executed send, so its time includes loading the EVM), then 100 transfers,
 * each a signed transaction POSTed to /rpc and answered once mined; `eth_call` of `balanceOf` on it,
 * one at a time (latency) and 16 in flight (throughput), beside the same call on a generated ERC-20
 * that the ledger's models answer. Prints JSON.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as AbiConstructor from 'ox/AbiConstructor';
import * as AbiFunction from 'ox/AbiFunction';
import { testKey } from '../src/chain/testKeys.js';
import { signTransaction } from '../src/protocol/signedTransaction.js';
import { startServer } from '../src/startServer.js';

const TOKEN = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../test/fixtures/contracts/Token.json', import.meta.url)), 'utf8'),
) as { bytecode: `0x${string}` };
const TRANSFER = AbiFunction.from('function transfer(address to, uint256 amount) returns (bool)');
const BALANCE_OF = AbiFunction.from('function balanceOf(address owner) view returns (uint256)');
const RECEIVER = '0x000000000000000000000000000000000000bEEF';
const FEES = { maxFeePerGas: 500n * 10n ** 9n, maxPriorityFeePerGas: 10n ** 9n };

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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)]!;

/** Times `count` calls one after another, then `count * 4` with 16 in flight: the median latency and the calls a second. */
async function callLoad(url: string, call: { to: string; data: string }, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await rpc(url, 'eth_call', [call, 'latest']);
    times.push(performance.now() - start);
  }
  const total = count * 4;
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < total) await rpc(url, 'eth_call', [call, 'latest']);
    }),
  );
  return { median: median(times), p99: p99(times), perSecond: total / ((performance.now() - start) / 1000) };
}

const server = await startServer({ scenario: 'default', seed: 1 });
const key = testKey(0);
const url = server.url;
const nonce0 = Number(BigInt(await rpc(url, 'eth_getTransactionCount', [key.address, 'latest'])));
const send = (nonce: number, to: `0x${string}` | null, data: `0x${string}`, gas: number) =>
  rpc(url, 'eth_sendRawTransaction', [
    signTransaction({ to, nonce, value: 0n, gas, data, chainId: 31337, fees: FEES }, key.privateKey),
  ]);

// The deployment: the first run on the EVM (it loads on first use).
const deployData = AbiConstructor.encode(AbiConstructor.from('constructor(uint256 supply)'), {
  bytecode: TOKEN.bytecode,
  args: [10n ** 24n],
});
const deployStart = performance.now();
const deployHash = await send(nonce0, null, deployData, 2_000_000);
const deployMs = performance.now() - deployStart;
const receipt = await rpc(url, 'eth_getTransactionReceipt', [deployHash]);
const token = receipt.contractAddress as string;
if (receipt.status !== '0x1' || !token) throw new Error(`the deployment failed: ${JSON.stringify(receipt)}`);

// 100 transfers, each mined on its own (automine).
const transferTimes: number[] = [];
for (let k = 0; k < 100; k++) {
  const data = AbiFunction.encodeData(TRANSFER, [RECEIVER, 1n]);
  const start = performance.now();
  const hash = await send(nonce0 + 1 + k, token as `0x${string}`, data, 100_000);
  transferTimes.push(performance.now() - start);
  if (k === 99 && (await rpc(url, 'eth_getTransactionReceipt', [hash])).status !== '0x1')
    throw new Error('a transfer failed');
}

// balanceOf on the deployed token (the EVM) and on a generated ERC-20 (the ledger's models).
const generated = (
  (await (await fetch(`${url}/api/v2/tokens?type=ERC-20`)).json()) as {
    items: { address_hash?: string; address?: string }[];
  }
).items[0]!;
const generatedAddress = generated.address_hash ?? generated.address!;
const balanceCall = (to: string) => ({ to, data: AbiFunction.encodeData(BALANCE_OF, [RECEIVER]) });
const evmCalls = await callLoad(url, balanceCall(token), 500);
const modelCalls = await callLoad(url, balanceCall(generatedAddress), 500);
await server.close();

process.stdout.write(
  JSON.stringify({
    deployMs,
    transfers: { count: transferTimes.length, median: median(transferTimes), p99: p99(transferTimes) },
    evmCall: evmCalls,
    modelCall: modelCalls,
  }),
);
