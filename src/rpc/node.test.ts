import * as AbiFunction from 'ox/AbiFunction';
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../scenarios/loadScenario.js';
import { nestedAliasedAggregate3 } from '../../test/support/aliasedMulticall.js';
import { buildChain } from '../../generators/buildChain.js';
import { loadLazyModules } from '../domain/lazyModules.js';
import { createHandler } from '../handler/createHandler.js';
import { runContractCode } from '../execution/contractRuns.js';
import { MULTICALL3 } from '../execution/model/multicall3.js';
import { createRpcContext } from './context.js';
import { BATCH_TIMEOUT_MS } from './envelope.js';
import { createRpcNode } from './node.js';

type Json = Record<string, any>;

const tiny = createHandler({ scenario: 'tiny', seed: 1, cache: false });
const post = async (handler: typeof tiny, body: unknown, path = '/rpc') => {
  const response = await handler(new Request(`http://mock${path}`, { method: 'POST', body: JSON.stringify(body) }));
  return { status: response.status, json: (await response.json()) as any };
};
const call = async (method: string, params: unknown[], handler = tiny) =>
  (await post(handler, { jsonrpc: '2.0', id: 1, method, params })).json as Json;

describe('the node refuses what a node refuses', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'])(
    'is no method: %s (nor on the explorer’s ETH RPC API)',
    async (method) => {
      expect((await call(method, [])).error).toEqual({
        code: -32601,
        message: `the method ${method} does not exist/is not available`,
      });
      const explorer = await post(tiny, { jsonrpc: '2.0', id: 1, method, params: [] }, '/api/eth-rpc');
      expect(explorer.status).toBe(200);
      expect(explorer.json.error).toBe('Action not found.');
    },
  );

  it('refuses a block number that is an object inside an object', async () => {
    let nested: unknown = '0x1';
    for (let i = 0; i < 1_000; i++) nested = { blockNumber: nested };
    const answer = await call('eth_getBalance', [tiny.chain.handles.whale, nested]);
    expect(answer.error.code).toBe(-32602);
  });

  it('answers the requests of a batch past 25 MB of answers with -32003, in order', async () => {
    const big = createHandler({ scenario: 'default', seed: 1, cache: false });
    const logs = { jsonrpc: '2.0', method: 'eth_getLogs', params: [{ fromBlock: '0x0', toBlock: '0x258' }] };
    const { status, json } = await post(
      big,
      Array.from({ length: 6 }, (_, id) => ({ ...logs, id })),
    );
    expect(status).toBe(200);
    expect(json.map((a: Json) => a.id)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(json[0].result.length).toBeGreaterThan(9_000);
    expect(json.at(-1).error).toEqual({ code: -32003, message: 'response too large' });
  });
});

describe('a batch that runs long', () => {
  it('answers the requests it has not reached after 29.9 s with -32002 `request timed out`, as geth', async () => {
    await loadLazyModules();
    const chain = buildChain({ scenario: 'tiny', seed: 1 });
    const clock = { now: 0 };
    const node = createRpcNode({
      context: () => createRpcContext(chain, chain.chainId),
      seed: '1',
      now: () => clock.now,
    });
    // A method that takes half the timeout and a millisecond.
    const slow = { slow: () => ((clock.now += BATCH_TIMEOUT_MS / 2 + 1), true) };
    const request = (id: number | undefined, method: string) => ({ jsonrpc: '2.0', id, method, params: [] });
    const body = JSON.stringify([
      request(1, 'slow'),
      request(2, 'eth_chainId'),
      request(3, 'slow'),
      request(4, 'slow'),
      request(5, 'eth_chainId'),
      request(undefined, 'eth_chainId'),
    ]);
    const timedOut = { code: -32002, message: 'request timed out' };
    const answered = node.answer(body, slow)!;
    expect(JSON.parse(answered)).toEqual([
      { jsonrpc: '2.0', id: 1, result: true },
      { jsonrpc: '2.0', id: 2, result: '0x7a69' },
      { jsonrpc: '2.0', id: 3, result: true },
      // The clock is now past the timeout: what is left times out (a notification gets nothing).
      { jsonrpc: '2.0', id: 4, error: timedOut },
      { jsonrpc: '2.0', id: 5, error: timedOut },
    ]);
    // In turns, the same answer.
    clock.now = 0;
    expect(await node.answerInTurns(body, slow)).toBe(answered);
  });
});

describe('eth_feeHistory', () => {
  /** geth's `processBlock` as it is written: a linear walk for each percentile, the threshold truncated to whole gas. */
  const gethRewards = (height: number, percentiles: readonly number[]) => {
    const chain = tiny.chain;
    const block = chain.blocks.at(height)!;
    const paid = Array.from({ length: block.transactionCount }, (_, i) => {
      const tx = chain.transactions.at(block.transactionStart + i)!;
      return { reward: tx.gasPrice - block.baseFeePerGas, gasUsed: tx.gasUsed };
    }).sort((a, b) => (a.reward < b.reward ? -1 : a.reward > b.reward ? 1 : 0));
    if (!paid.length) return percentiles.map(() => '0x0');
    let index = 0;
    let sum = paid[0]!.gasUsed;
    return percentiles.map((p) => {
      const threshold = Math.trunc((block.gasUsed * p) / 100);
      while (sum < threshold && index < paid.length - 1) sum += paid[++index]!.gasUsed;
      return `0x${paid[index]!.reward.toString(16)}`;
    });
  };

  it('gives the tips paid at each percentile of each block’s gas, as geth walks them', async () => {
    const percentiles = [0, 0.5, 10, 25.25, 50, 75, 99.99, 100];
    const head = tiny.chain.headHeight;
    const { result } = await call('eth_feeHistory', ['0x400', 'latest', percentiles]);
    expect(result.oldestBlock).toBe('0x0');
    expect(result.reward).toEqual(Array.from({ length: head + 1 }, (_, h) => gethRewards(h, percentiles)));
    expect(result.reward.some((r: string[]) => new Set(r).size > 2)).toBe(true);
    // Asked again (the blocks' sorted tips are kept), and over an older window: the same rows.
    expect((await call('eth_feeHistory', ['0x400', 'latest', percentiles])).result).toEqual(result);
    const older = (await call('eth_feeHistory', ['0x10', '0x1f', percentiles])).result;
    expect(older.reward).toEqual(result.reward.slice(16, 32));
  });
});

describe('answers as geth writes them', () => {
  it('writes r and s as quantities, without leading zeros', async () => {
    for (let t = 0; t < 50; t++) {
      const tx = (await call('eth_getTransactionByHash', [tiny.chain.transactions.at(t)!.hash])).result;
      expect(tx.r).toMatch(/^0x[1-9a-f][0-9a-f]*$/);
      expect(tx.s).toMatch(/^0x[1-9a-f][0-9a-f]*$/);
    }
  });

  it('drops totalDifficulty from blocks (geth 1.14.11 on)', async () => {
    expect((await call('eth_getBlockByNumber', ['0x5', false])).result).not.toHaveProperty('totalDifficulty');
  });

  it('serves a reorged block by its hash', async () => {
    const block = (await call('eth_getBlockByHash', [tiny.chain.handles.reorgBlock, false])).result;
    expect(block.hash).toBe(tiny.chain.handles.reorgBlock);
  });

  it('reads any storage key of up to 32 bytes', async () => {
    const proxy = tiny.chain.handles.proxy;
    for (const key of [`0x${'0'.repeat(64)}`, '0x0', '0', '0x00000001'])
      expect((await call('eth_getStorageAt', [proxy, key, 'latest'])).result).toBe(`0x${'0'.repeat(64)}`);
    expect((await call('eth_getStorageAt', [proxy, `0x${'1'.repeat(66)}`, 'latest'])).error).toEqual({
      code: -32000,
      message: 'unable to decode storage key: hex string too long, want at most 32 bytes',
    });
  });
});

describe('logs, as geth matches them', () => {
  const all = async (filter: Json) => (await call('eth_getLogs', [{ fromBlock: '0x0', ...filter }])).result as Json[];

  it('skips a log with fewer topics than the positions asked; an empty list matches anything', async () => {
    const every = await all({});
    const four = every.filter((l) => l.topics.length >= 4);
    expect(four.length).toBeGreaterThan(0);
    expect(four.length).toBeLessThan(every.length);
    expect(await all({ topics: [null, null, null, null] })).toEqual(four);
    expect(await all({ topics: [[]] })).toEqual(every.filter((l) => l.topics.length >= 1));
    expect(await all({ address: [] })).toEqual(every);
  });

  it('refuses more than 1,000 alternatives at a position', async () => {
    const many = Array.from({ length: 1_001 }, (_, i) => `0x${i.toString(16).padStart(64, '0')}`);
    expect((await call('eth_getLogs', [{ topics: [many] }])).error).toEqual({
      code: -32602,
      message: 'exceed max addresses or topics per search position',
    });
  });

  it('keeps a filter where it was when its changes are refused as too many', async () => {
    const handler = createHandler({ scenario: 'default', seed: 1, cache: false });
    const id = (await call('eth_newFilter', [{}], handler)).result;
    handler.mine(700);
    const refused = await call('eth_getFilterChanges', [id], handler);
    expect(refused.error.message).toMatch(/^query exceeds max results 10000/);
    // Still refused, not skipped: the logs are not lost.
    expect((await call('eth_getFilterChanges', [id], handler)).error.message).toMatch(/^query exceeds max results/);
  });
});

describe('eth_call', () => {
  const aggregate3 = AbiFunction.from(
    'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[])',
  );

  it('stops Multicall3 calling itself past 8 levels: the innermost fails, quickly', async () => {
    let data = AbiFunction.encodeData(aggregate3, [[]]);
    for (let i = 0; i < 40; i++)
      data = AbiFunction.encodeData(aggregate3, [
        [{ target: MULTICALL3 as `0x${string}`, allowFailure: true, callData: data }],
      ]);
    const started = performance.now();
    const answer = await call('eth_call', [{ to: MULTICALL3, data }, 'latest']);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(answer.result).toMatch(/^0x/);
  });

  it('runs out of gas, as geth past its cap, when Multicall3 is asked 168,420 calls in 4 KB', async () => {
    // 20 calls at each of 4 levels, each level's calls all one tuple: 168,420 calls asked.
    const leaf = { target: tiny.chain.handles.erc20Token!, callData: '0x313ce567' };
    const data = nestedAliasedAggregate3(MULTICALL3, 4, 20, leaf);
    expect(data.length).toBeLessThan(8_000);
    expect((await call('eth_call', [{ to: MULTICALL3, data }, 'latest'])).error).toEqual({
      code: -32000,
      message: 'out of gas',
    });
    expect((await call('eth_estimateGas', [{ to: MULTICALL3, data }, 'latest'])).error).toEqual({
      code: -32000,
      message: 'gas required exceeds allowance (50000000)',
    });
    // What the gas pays for is answered: 2 levels of 30 (930 calls).
    const fits = await call('eth_call', [{ to: MULTICALL3, data: nestedAliasedAggregate3(MULTICALL3, 2, 30, leaf) }]);
    expect(fits.result.length).toBeGreaterThan(30 * 30 * 64);
  });

  it('reverts with an overflow when a model’s value does not fit its type', async () => {
    const router = tiny.chain.handles.router!;
    const weth = (await call('eth_call', [{ to: router, data: '0xad5c4648' }, 'latest'])).result.slice(-40);
    const getAmountsOut = AbiFunction.from('function getAmountsOut(uint256, address[]) view returns (uint256[])');
    const data = AbiFunction.encodeData(getAmountsOut, [
      2n ** 256n - 1n,
      [`0x${weth}`, tiny.chain.handles.erc20Token as `0x${string}`],
    ]);
    const answer = await call('eth_call', [{ to: router, data }, 'latest']);
    expect(answer.error.code).toBe(3);
  });

  it('reverts ownerOf for an id never minted, as OpenZeppelin does', async () => {
    const ownerOf = AbiFunction.from('function ownerOf(uint256) view returns (address)');
    const answer = await call('eth_call', [
      { to: tiny.chain.handles.erc721Token, data: AbiFunction.encodeData(ownerOf, [10n ** 30n]) },
      'latest',
    ]);
    expect(answer.error).toMatchObject({ code: 3, message: 'execution reverted: ERC721: invalid token ID' });
  });

  it('compares a declared read’s string arguments exactly, its addresses in any case', async () => {
    const dapp = createHandler({
      ...(await runContractCode({
        scenario: await loadScenario(new URL('../../scenarios/examples/dapp.json', import.meta.url).pathname),
        seed: 1,
      })),
      cache: false,
    });
    const ownerOf = AbiFunction.from('function ownerOf(string) view returns (address)');
    const read = async (name: string) =>
      AbiFunction.decodeResult(
        ownerOf,
        (
          await call(
            'eth_call',
            [{ to: dapp.chain.handles.Registry, data: AbiFunction.encodeData(ownerOf, [name]) }, 'latest'],
            dapp,
          )
        ).result,
      );
    expect(await read('alice.dapp')).toBe(dapp.chain.handles.alice!.toLowerCase());
    expect(await read('ALICE.DAPP')).toBe('0x0000000000000000000000000000000000000000');
  });
});

describe('eth_estimateGas: the gas a send of the call is mined with', () => {
  const whale = tiny.chain.handles.whale!;
  const token = tiny.chain.handles.erc20Token!;
  const transferData = AbiFunction.encodeData(AbiFunction.from('function transfer(address to, uint256 value)'), [
    whale as `0x${string}`,
    1n,
  ]);
  it('a plain transfer: 21,000; a token write: its function’s cost beside it; a revert: code 3', async () => {
    expect(
      (await call('eth_estimateGas', [{ from: whale, to: tiny.chain.handles.emptyAddress, value: '0x1' }])).result,
    ).toBe('0x5208');
    const empty = tiny.chain.handles.emptyAddress!;
    const reverted = await call('eth_estimateGas', [{ from: empty, to: token, data: transferData }]);
    expect(reverted.error).toMatchObject({
      code: 3,
      message: 'execution reverted: ERC20: transfer amount exceeds balance',
    });
  });

  it('a call nothing models is still estimated: intrinsic, calldata and 50,000 (what it is mined with)', async () => {
    // The catalogue's Vyper escrow: its deposits are not a fact the ledger holds.
    const handler = tiny;
    const escrow = handler.chain.handles.vyperContract;
    expect(escrow).toBeDefined();
    const data = AbiFunction.encodeData(AbiFunction.from('function deposits(address) view returns (uint256)'), [
      handler.chain.handles.whale as `0x${string}`,
    ]);
    expect((await call('eth_call', [{ to: escrow, data }, 'latest'], handler)).error.message).toMatch(/does not model/);
    let calldata = 0;
    for (let i = 2; i < data.length; i += 2) calldata += data.slice(i, i + 2) === '00' ? 4 : 16;
    expect((await call('eth_estimateGas', [{ to: escrow, data }], handler)).result).toBe(
      `0x${(21_000 + calldata + 50_000).toString(16)}`,
    );
  });
});

describe('debug_traceTransaction of a generated transaction: the chain’s facts', () => {
  it('the callTracer is its top call and internal transactions; the struct logger has no steps; the raw trace agrees', async () => {
    const chain = tiny.chain;
    let at = 0;
    while (chain.transactions.at(at)!.internalCount === 0) at++;
    const tx = chain.transactions.at(at)!;
    const tree = (await call('debug_traceTransaction', [tx.hash, { tracer: 'callTracer' }])).result as Json;
    expect(tree).toMatchObject({
      from: chain.accounts[tx.fromId]!.lower,
      gas: `0x${tx.gasLimit.toString(16)}`,
      gasUsed: `0x${tx.gasUsed.toString(16)}`,
    });
    expect(tree.calls).toHaveLength(tx.internalCount);
    const steps = (await call('debug_traceTransaction', [tx.hash])).result as Json;
    expect(steps).toEqual({ gas: tx.gasUsed, failed: tx.status !== 'ok', returnValue: '', structLogs: [] });
    const raw = (await (
      await tiny(new Request(`http://mock/api/v2/transactions/${tx.hash}/raw-trace`))
    ).json()) as Json[];
    expect(raw).toHaveLength(1 + tx.internalCount);
    expect(raw[0]!.action).toMatchObject({ from: tree.from, gas: tree.gas });
    expect(raw.slice(1).map((r) => r.action.to ?? r.result?.address)).toEqual(tree.calls.map((c: Json) => c.to));
    const block = (await call('debug_traceBlockByNumber', [`0x${tx.block.toString(16)}`, { tracer: 'callTracer' }]))
      .result as Json[];
    expect(block.find((b) => b.txHash === tx.hash)?.result).toEqual(tree);
  });

  it('debug_traceCall of a call the models answer: one frame whose output is eth_call’s', async () => {
    const whale = tiny.chain.handles.whale!.toLowerCase();
    const data = AbiFunction.encodeData(AbiFunction.from('function getEthBalance(address) view returns (uint256)'), [
      whale as `0x${string}`,
    ]);
    const request = { to: MULTICALL3.toLowerCase(), data };
    const result = (await call('eth_call', [request, 'latest'])).result as string;
    const tree = (await call('debug_traceCall', [request, 'latest', { tracer: 'callTracer' }])).result as Json;
    expect(tree).toMatchObject({
      type: 'CALL',
      to: MULTICALL3.toLowerCase(),
      input: data,
      output: result,
      gas: '0x2faf080',
    });
    expect((await call('debug_traceCall', [request, 'latest'])).result).toMatchObject({
      failed: false,
      returnValue: result.slice(2),
      structLogs: [],
    });
  });

  it('answers geth’s errors: an unknown transaction, an unknown tracer, a tracer it does not run', async () => {
    const hash = tiny.chain.transactions.at(0)!.hash;
    expect((await call('debug_traceTransaction', [`0x${'00'.repeat(32)}`])).error).toEqual({
      code: -32000,
      message: 'transaction not found',
    });
    expect((await call('debug_traceTransaction', [hash, { tracer: 'whatTracer' }])).error.message).toBe(
      'tracer not found',
    );
    expect((await call('debug_traceTransaction', [hash, { tracer: 'prestateTracer' }])).error.message).toMatch(
      /does not run the prestateTracer/,
    );
    expect((await call('debug_traceBlockByNumber', ['0x0'])).error.message).toBe('genesis is not traceable');
    expect((await call('debug_traceBlockByNumber', ['0xffffff'])).error.message).toBe('block #16777215 not found');
  });
});
