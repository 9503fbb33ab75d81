import { beforeAll, describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { createChainApp, loadAnswerModules } from '../../src/app/chainApp.js';
import type { Chain } from '../../src/chain/types.js';
import { walkPagesAsync } from '../../src/rest/walkPages.js';
import { sharedChain } from '../support/sharedChain.js';

type Json = Record<string, any>;

/**
 * The Etherscan-compatible API against REST v2 at the same head, from the two APIs' answers alone:
 * an address's transactions, token transfers, internal transactions, coin and token balances,
 * logs; a contract's ABI; a block's miner and reward.
 */
async function agreement(chain: Chain, addresses: readonly string[]) {
  const app = createChainApp(chain, { profile: 'blockscout' });
  const get = async (url: string) => {
    const answer = app.answer({ method: 'GET', url, header: () => undefined });
    const body =
      answer.body === null ? '' : typeof answer.body === 'string' ? answer.body : new TextDecoder().decode(answer.body);
    return { status: answer.status, body };
  };
  const rest = async (path: string): Promise<Json[]> =>
    (await walkPagesAsync(get, `/api/v2${path}`)).flatMap((p) => (p.page?.items ?? []) as Json[]);
  const api = async (query: string): Promise<Json> => JSON.parse((await get(`/api?${query}`)).body) as Json;
  const listed = async (query: string): Promise<Json[]> => {
    const answer = await api(query);
    if (answer.status === '0') expect(answer.result, query).toEqual([]);
    return answer.result as Json[];
  };
  let facts = 0;
  for (const address of addresses) {
    const lower = address.toLowerCase();
    // Transactions: the same hashes, newest first, with the same values, gas and status (REST's own
    // list starts with the pending ones: left out).
    const txs = (await rest(`/addresses/${address}/transactions`)).filter((t) => t.block_number !== null);
    const txlist = await listed(`module=account&action=txlist&address=${address}`);
    expect(
      txlist.map((t) => t.hash),
      `${address} txlist`,
    ).toEqual(txs.map((t) => t.hash));
    txlist.forEach((t, i) => {
      const r = txs[i]!;
      expect([t.blockNumber, t.value, t.gas, t.gasUsed, t.gasPrice, t.nonce, t.isError], t.hash).toEqual([
        String(r.block_number),
        r.value,
        r.gas_limit,
        r.gas_used,
        r.gas_price,
        String(r.nonce),
        r.status === 'ok' ? '0' : '1',
      ]);
      expect(t.input).toBe(r.raw_input);
    });
    facts += txlist.length;
    // Token transfers of every standard: the explorer's list, flattened, as one multiset, with the
    // token's name, symbol and decimals (null, null and "" where its code answers none) and the method called.
    const transfers = await rest(`/addresses/${address}/token-transfers`);
    const restKeys = transfers.map((t) =>
      JSON.stringify([
        t.transaction_hash,
        t.token.address_hash.toLowerCase(),
        t.from.hash.toLowerCase(),
        t.to.hash.toLowerCase(),
        t.total.token_id ?? '',
        t.total.value ?? '1',
        t.token.name,
        t.token.symbol,
        // The decimals stored of a fungible token (none: ""); an NFT's row has none.
        t.token.type === 'ERC-20' || t.token.type === 'ERC-404' ? (t.token.decimals ?? '') : '',
        t.method,
      ]),
    );
    const mine: string[] = [];
    for (const action of ['tokentx', 'tokennfttx', 'token1155tx', 'token404tx'])
      for (const t of await listed(`module=account&action=${action}&address=${address}`))
        mine.push(
          JSON.stringify([
            t.hash,
            t.contractAddress,
            t.from,
            t.to,
            t.tokenID ?? '',
            action === 'tokennfttx' ? '1' : (t.tokenValue ?? t.value),
            t.tokenName,
            t.tokenSymbol,
            t.tokenDecimal,
            // `name(type arg, …)`, or "" where no call is decoded: REST's method is the name, or
            // (Blockscout's) the selector of the transaction's input, null where it has none.
            t.functionName
              ? t.functionName.slice(0, t.functionName.indexOf('('))
              : t.input.length >= 10
                ? t.input.slice(0, 10)
                : null,
          ]),
        );
    expect(mine.sort(), `${address} token transfers`).toEqual(restKeys.sort());
    facts += mine.length;
    // Internal transactions (zero-value ones too, asked for).
    const internals = await rest(`/addresses/${address}/internal-transactions`);
    const internal = await listed(`module=account&action=txlistinternal&address=${address}&include_zero_value=true`);
    expect(
      internal.map((i) => `${i.transactionHash}:${i.index}:${i.value}`),
      `${address} internal`,
    ).toEqual(internals.map((i) => `${i.transaction_hash}:${i.index}:${i.value}`));
    facts += internal.length;
    // By default the zero-value calls are left out (creations and self-destructs stay), as the explorer's query does.
    const byDefault = await listed(`module=account&action=txlistinternal&address=${address}`);
    expect(
      byDefault.map((i) => `${i.transactionHash}:${i.index}`),
      `${address} internal, default`,
    ).toEqual(
      internals
        .filter((i) => i.value !== '0' || !['call', 'delegatecall', 'staticcall'].includes(i.type))
        .map((i) => `${i.transaction_hash}:${i.index}`),
    );
    // Coin and token balances.
    const restAddress = JSON.parse((await get(`/api/v2/addresses/${address}`)).body) as Json;
    expect((await api(`module=account&action=balance&address=${address}`)).result).toBe(
      restAddress.coin_balance ?? '0',
    );
    const tokens = (await rest(`/addresses/${address}/tokens`)).map(
      (t) => `${t.token.address_hash.toLowerCase()} ${t.token_id ?? ''} ${t.value}`,
    );
    const tokenlist = (await listed(`module=account&action=tokenlist&address=${address}`)).map(
      (t) => `${t.contractAddress} ${t.id ?? ''} ${t.balance}`,
    );
    expect(tokenlist.sort(), `${address} tokens`).toEqual(tokens.sort());
    for (const t of (await listed(`module=account&action=tokenlist&address=${address}`)).filter(
      (t) => t.type === 'ERC-20',
    ))
      expect(
        (await api(`module=account&action=tokenbalance&address=${address}&contractaddress=${t.contractAddress}`))
          .result,
      ).toBe(t.balance);
    facts += 1 + tokenlist.length;
    // Logs an address emitted: the same logs, in chain order.
    const logs = await rest(`/addresses/${address}/logs`);
    if (logs.length) {
      const mineLogs = await listed(`module=logs&action=getLogs&fromBlock=0&toBlock=latest&address=${address}`);
      // REST lists newest first; getLogs gives the oldest 1,000.
      const wanted = logs.slice(-1_000).map((l) => `${l.transaction_hash}:${l.index}:${l.topics.join(',')}:${l.data}`);
      expect(
        mineLogs.map((l) => `${l.transactionHash}:${Number(l.logIndex)}:${l.topics.join(',')}:${l.data}`).sort(),
        `${address} logs`,
      ).toEqual(wanted.sort());
      facts += mineLogs.length;
    }
    // A contract's ABI: served exactly when the explorer shows one.
    const contract = chain.accounts[chain.accountByHash.get(lower)!]!.contract;
    if (contract) {
      const restContract = JSON.parse((await get(`/api/v2/smart-contracts/${address}`)).body) as Json;
      const abi = await api(`module=contract&action=getabi&address=${address}`);
      if (restContract.abi) expect(JSON.parse(abi.result as string), `${address} abi`).toEqual(restContract.abi);
      else expect(abi).toEqual({ message: 'Contract source code not verified', result: null, status: '0' });
      facts++;
    }
  }
  // Blocks: the miner and the reward the explorer shows.
  for (let h = 1; h <= chain.headHeight; h += Math.max(1, Math.floor(chain.headHeight / 40))) {
    const block = JSON.parse((await get(`/api/v2/blocks/${h}`)).body) as Json;
    const reward = (await api(`module=block&action=getblockreward&blockno=${h}`)).result as Json;
    expect(reward.blockMiner).toBe(block.miner.hash.toLowerCase());
    expect(reward.blockReward).toBe(block.rewards.find((r: Json) => r.type === 'Miner Reward')?.reward ?? '0');
    expect(reward.timeStamp).toBe(Date.parse(block.timestamp) / 1000);
    const byTime = (await api(`module=block&action=getblocknobytime&timestamp=${reward.timeStamp}&closest=before`))
      .result as Json;
    expect(chain.blocks.at(Number(byTime.blockNumber))!.timestamp).toBe(reward.timeStamp);
    // A second after the block: before it is the last block at or before; after it, the next (the one past the head at the head).
    const between = (closest: string) =>
      api(`module=block&action=getblocknobytime&timestamp=${reward.timeStamp + 1}&closest=${closest}`);
    const next =
      h + 1 <= chain.headHeight && chain.blocks.at(h + 1)!.timestamp > reward.timeStamp + 1 ? h + 1 : undefined;
    if (next !== undefined || h === chain.headHeight) {
      expect(((await between('before')).result as Json).blockNumber).toBe(String(h));
      expect(((await between('after')).result as Json).blockNumber).toBe(String(h + 1));
    }
    facts += 2;
  }
  // Before genesis there is no block before; after it, genesis.
  const genesis = chain.blocks.at(0)!.timestamp;
  expect(await api(`module=block&action=getblocknobytime&timestamp=${genesis - 1}&closest=before`)).toEqual({
    message: 'Block does not exist',
    result: null,
    status: '0',
  });
  expect(
    ((await api(`module=block&action=getblocknobytime&timestamp=${genesis - 1}&closest=after`)).result as Json)
      .blockNumber,
  ).toBe('0');
  return facts;
}

beforeAll(() => loadAnswerModules());

describe('the Etherscan-compatible API agrees with REST v2', () => {
  it('tiny, every address', async () => {
    const chain = buildChain({ scenario: 'tiny', seed: 1 });
    const facts = await agreement(
      chain,
      chain.accounts.map((a) => a.hash),
    );
    expect(facts).toBeGreaterThan(2_000);
  }, 120_000);

  it('default: every paged action walked with several page sizes and both orders gives the whole list', async () => {
    const chain = sharedChain({ scenario: 'default', seed: 1 });
    const app = createChainApp(chain, { profile: 'spec' });
    const api = (query: string): Json => {
      const answer = app.answer({ method: 'GET', url: `/api?${query}`, header: () => undefined });
      return JSON.parse(new TextDecoder().decode(answer.body as Uint8Array)) as Json;
    };
    const busy = chain.handles.busyAddress!;
    const token = chain.handles.erc20Token!;
    const key = (item: Json) =>
      `${item.hash ?? item.transactionHash}:${item.index ?? item.tokenID ?? ''}:${item.from}:${item.to}:${item.value ?? item.tokenValue ?? ''}`;
    for (const list of [
      `module=account&action=txlist&address=${busy}`,
      `module=account&action=tokentx&address=${busy}`,
      `module=account&action=tokentx&contractaddress=${token}`,
      `module=account&action=token1155tx&address=${busy}`,
      `module=account&action=txlistinternal&address=${chain.handles.vault}&include_zero_value=true`,
    ]) {
      const whole = (api(`${list}&sort=asc`).result as Json[]).map(key);
      expect(whole.length, list).toBeGreaterThan(0);
      expect((api(`${list}&sort=desc`).result as Json[]).map(key), list).toEqual([...whole].reverse());
      // Offset 1 for its first 25 pages (walking thousands one by one adds nothing), the others whole.
      for (const [offset, pages] of [
        [1, 25],
        [37, Infinity],
        [100, Infinity],
        [1_000, Infinity],
      ] as const) {
        for (const sort of ['asc', 'desc']) {
          const walked: string[] = [];
          for (let page = 1; page <= pages && page * offset <= 10_000; page++) {
            const answer = api(`${list}&sort=${sort}&offset=${offset}&page=${page}`);
            if (answer.status === '0') break;
            walked.push(...(answer.result as Json[]).map(key));
          }
          const expected = sort === 'asc' ? whole : [...whole].reverse();
          expect(walked, `${list} offset ${offset} ${sort}`).toEqual(
            expected.slice(0, Math.min(expected.length, 10_000, offset * pages)),
          );
        }
      }
    }
  }, 120_000);

  it('default, the notable addresses and 40 more', async () => {
    const chain = sharedChain({ scenario: 'default', seed: 1 });
    const sample = chain.accounts
      .filter((_, id) => id % Math.floor(chain.accounts.length / 40) === 0)
      .map((a) => a.hash);
    const notable = Object.values(chain.handles).filter((v) => chain.accountByHash.get(v.toLowerCase()) !== undefined);
    const facts = await agreement(chain, [...new Set([...notable, ...sample])]);
    expect(facts).toBeGreaterThan(5_000);
  }, 300_000);
});
