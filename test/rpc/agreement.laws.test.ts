import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../scenarios/loadScenario.js';
import type { Scenario } from '../../scenarios/types.js';
import { runContractCode } from '../../src/execution/contractRuns.js';
import { createHandler } from '../../src/handler/createHandler.js';
import type { Profile } from '../../src/schemas/profile.js';
import { agreementViolations, type Fetcher } from '../support/agreementLaws.js';

const EXAMPLES = new URL('../../scenarios/examples/', import.meta.url).pathname;
const example = (file: string) => loadScenario(`${EXAMPLES}${file}`);

/** The violations on a chain, then on the same chain mined `mined` blocks further (having compared at least 300 facts). */
async function violations(scenario: string | Scenario, seed: string | number, profile: Profile, mined = 3) {
  const handler = createHandler({ ...(await runContractCode({ scenario, seed })), profile, cache: false });
  const before = await agreementViolations(handler);
  handler.mine(mined);
  const after = await agreementViolations(handler, { blocks: 4 });
  expect(before.checked + after.checked).toBeGreaterThan(300);
  return [...before.violations, ...after.violations.map((v) => `after mining ${mined}: ${v}`)];
}

describe('the node agrees with the REST API, byte for byte where they state the same fact', () => {
  it.each([1, 2, 'agree'])('tiny, seed %s, in both profiles, and at heights mined to', async (seed) => {
    expect(await violations('tiny', seed, 'blockscout')).toEqual([]);
    expect(await violations('tiny', seed, 'spec')).toEqual([]);
  });

  it.each(['quick.json', 'wallet.json', 'dapp.json', 'busy.ts', 'marketplace.ts'])('the example %s', async (file) => {
    expect(await violations(await example(file), 1, 'blockscout')).toEqual([]);
  });

  it('default', async () => {
    expect(await violations('default', 1, 'blockscout', 1)).toEqual([]);
  });
});

/** A fetcher whose node answers the methods named (`|`-separated) with `change(result)`. */
function tampered(fetcher: Fetcher, method: string, change: (result: any, params: any[]) => unknown): Fetcher {
  const methods = new Set(method.split('|'));
  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname !== '/rpc') return fetcher(request);
    const body = await request.text();
    const calls = JSON.parse(body) as { id: number; method: string; params: any[] }[];
    const response = await fetcher(new Request(request.url, { method: 'POST', body }));
    const answers = (await response.json()) as { id: number; result?: unknown }[];
    for (const answer of answers) {
      const call = calls.find((c) => c.id === answer.id)!;
      if (methods.has(call.method) && 'result' in answer && answer.result != null)
        answer.result = change(answer.result, call.params);
    }
    return new Response(JSON.stringify(answers));
  };
}

/** `getNonce(address,uint192)`'s selector and `UserOperationEvent`'s topic (ERC-4337's EntryPoint). */
const GET_NONCE = '0x35567e1a';
const USER_OPERATION_EVENT = '0x49628fd1471006c1482da88028e9ce4dbb080b815c9b0344d39e5a8e6ec1419f';

/** `get_deposit_root()`'s selector and `DepositEvent`'s topic (the beacon deposit contract's). */
const GET_DEPOSIT_ROOT = '0xc5f2892f';
const DEPOSIT_EVENT = '0x649bbc62d0e31342afea4e5cd82d4049e7e1ee912fc0889aa790803be39038c5';

/** A DepositEvent's data with the signature's last byte zeroed (the fourth bytes argument). */
const depositDataWithout = (data: string) => {
  const words = data.slice(2).match(/.{64}/g)!;
  const offset = Number.parseInt(words[3]!, 16) / 32;
  const word = offset + 1 + 2; // length word, then 96 bytes: the third word holds the last byte.
  words[word] = `${words[word]!.slice(0, 62)}${words[word]!.slice(62) === '00' ? '01' : '00'}`;
  return `0x${words.join('')}`;
};

const plusOne = (hex: string) => `0x${(BigInt(hex) + 1n).toString(16)}`;

describe('the agreement laws catch a node that disagrees', () => {
  // Blocks are changed in both methods, so only a law against the REST API can catch them; each
  // pattern names the law's own message.
  const BLOCKS = 'eth_getBlockByNumber|eth_getBlockByHash';
  const broken: [string, string, (result: any, params: any[]) => unknown, RegExp][] = [
    ['a balance off by one wei', 'eth_getBalance', plusOne, /: balance( at block \d+)?: REST/],
    ['a nonce off by one', 'eth_getTransactionCount', plusOne, /: (pending )?nonce: REST/],
    [
      'a block a second late',
      BLOCKS,
      (b) => ({ ...b, timestamp: plusOne(b.timestamp) }),
      /^block \d+: timestamp: REST/m,
    ],
    [
      'a block without its last transaction',
      BLOCKS,
      (b) => ({ ...b, transactions: b.transactions.slice(0, -1) }),
      /^block \d+: transactions: REST/m,
    ],
    [
      'a transaction worth one wei more',
      'eth_getTransactionByHash',
      (t) => ({ ...t, value: plusOne(t.value) }),
      /: value: REST/,
    ],
    ['a receipt missing a log', 'eth_getTransactionReceipt', (r) => ({ ...r, logs: r.logs.slice(1) }), /: logs: REST/],
    [
      'a receipt of another gas price',
      'eth_getTransactionReceipt',
      (r) => ({ ...r, effectiveGasPrice: plusOne(r.effectiveGasPrice) }),
      /: effective gas price: REST/,
    ],
    ['code with a byte more', 'eth_getCode', (c) => (c === '0x' ? '0x00' : `${c}00`), /: code: REST/],
    [
      'calls answering one more',
      'eth_call',
      (r: string) => (r.length > 2 ? plusOne(r).padEnd(r.length, '0') : r),
      /: (balanceOf\(0x[0-9a-fA-F]+\)|balanceOf on 0x[0-9a-fA-F]+|ownerOf\(\d+\)|name, symbol, decimals, total supply): REST/,
    ],
    [
      'withdrawals in wei, not gwei',
      BLOCKS,
      (b) => ({ ...b, withdrawals: b.withdrawals.map((w: any) => ({ ...w, amount: `${w.amount}000000000` })) }),
      /^block \d+: withdrawals: REST/m,
    ],
    [
      'a transaction of another gas price',
      'eth_getTransactionByHash',
      (t) => ({ ...t, gasPrice: plusOne(t.gasPrice) }),
      /: gas price: REST/,
    ],
    [
      'a legacy transaction with a max fee',
      'eth_getTransactionByHash',
      (t) => ({ maxFeePerGas: '0x1', ...t }),
      /: max fee: REST/,
    ],
    [
      'an authorization naming another nonce',
      'eth_getTransactionByHash',
      (t) =>
        t.authorizationList
          ? { ...t, authorizationList: t.authorizationList.map((a: any) => ({ ...a, nonce: plusOne(a.nonce) })) }
          : t,
      /: authorizations: REST/,
    ],
    [
      'a delegated account without its designator',
      'eth_getCode',
      (c: string) => (c.startsWith('0xef0100') ? '0x' : c),
      /: code: REST/,
    ],
    [
      'a delegated account whose designator names another delegate (EIP-7702)',
      'eth_getCode',
      (c: string) => (c.startsWith('0xef0100') ? `0xef0100${'11'.repeat(20)}` : c),
      /: deployed bytecode: REST/,
    ],
    [
      'a block header with excess blob gas off the rule',
      BLOCKS,
      (b) => (b.excessBlobGas ? { ...b, excessBlobGas: plusOne(b.excessBlobGas) } : b),
      /^block \d+: excess blob gas: REST/m,
    ],
    [
      'a blob transaction naming its blobs in another order',
      'eth_getTransactionByHash',
      (t) => (t.blobVersionedHashes ? { ...t, blobVersionedHashes: [...t.blobVersionedHashes].reverse() } : t),
      /: blob versioned hashes: REST/,
    ],
    [
      'a blob receipt of another blob gas price',
      'eth_getTransactionReceipt',
      (r) => (r.blobGasPrice ? { ...r, blobGasPrice: plusOne(r.blobGasPrice) } : r),
      /: blob gas price: REST/,
    ],
    [
      'an EntryPoint counting one more operation of a sender (ERC-4337)',
      'eth_call',
      (r: string, params) => (params[0].data.startsWith(GET_NONCE) ? `0x${plusOne(r).slice(2).padStart(64, '0')}` : r),
      /EntryPoint nonce before its block is at most its own/,
    ],
    [
      'a bundle receipt without its operations’ events',
      'eth_getTransactionReceipt',
      (r) => ({ ...r, logs: r.logs.filter((l: any) => l.topics[0] !== USER_OPERATION_EVENT) }),
      /has no UserOperationEvent for it/,
    ],
    [
      'deposit logs in another order (EIP-6110)',
      'eth_getLogs',
      (logs: any[], params) => (params[0].topics?.[0] === DEPOSIT_EVENT ? [...logs].reverse() : logs),
      /^deposit \d+: index: REST/m,
    ],
    [
      'a deposit log without its last byte of signature',
      'eth_getLogs',
      (logs: any[], params) =>
        params[0].topics?.[0] === DEPOSIT_EVENT ? logs.map((l) => ({ ...l, data: depositDataWithout(l.data) })) : logs,
      /^deposit \d+: signature: REST/m,
    ],
    [
      'a deposit contract whose root is one more',
      'eth_call',
      (r: string, params) => (params[0].data.startsWith(GET_DEPOSIT_ROOT) ? plusOne(r) : r),
      /^deposits: get_deposit_root: REST/m,
    ],
  ];
  it.each(broken)('%s', async (_what, method, change, found) => {
    const handler = createHandler({ scenario: 'tiny', seed: 1, profile: 'blockscout', cache: false });
    const { violations: seen } = await agreementViolations(tampered(handler, method, change));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.join('\n')).toMatch(found);
  });
});
