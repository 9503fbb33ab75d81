import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/handler/createHandler.js';

type Json = Record<string, any>;

const handler = createHandler({ scenario: 'tiny', seed: 1, cache: false, profile: 'blockscout' });
const call = async (query: string, init?: RequestInit) => {
  const response = await handler(new Request(`http://mock/api?${query}`, init));
  return { status: response.status, text: await response.text() };
};
const api = async (query: string): Promise<Json> => JSON.parse((await call(query)).text) as Json;

describe('Etherscan API actions, as Blockscout answers them', () => {
  it('listaccounts past its last page: an empty list, status 1', async () => {
    expect(await api('module=account&action=listaccounts&page=9000&offset=1')).toEqual({
      message: 'OK',
      result: [],
      status: '1',
    });
    expect((await api('module=account&action=listaccounts')).result).toHaveLength(10);
  });

  it('an empty parameter is present: the format error, not the required one', async () => {
    expect((await api('module=account&action=txlist&address=')).message).toBe('Invalid address format');
    expect((await api('module=contract&action=getabi&address=')).message).toBe('Invalid address hash');
  });

  it('tokensupply with cmc=true: whole tokens with 9 places, as plain text', async () => {
    const { status, text } = await call(
      `module=stats&action=tokensupply&contractaddress=${handler.chain.handles.erc20Token}&cmc=true`,
    );
    expect(status).toBe(200);
    expect(text).toMatch(/^\d+\.\d{9}$/);
    const raw = BigInt(
      (await api(`module=stats&action=tokensupply&contractaddress=${handler.chain.handles.erc20Token}`)).result,
    );
    expect(text).toBe(`${raw / 10n ** 18n}.${((raw % 10n ** 18n) / 10n ** 9n).toString().padStart(9, '0')}`);
  });

  it('totalfees refuses a day that does not exist', async () => {
    expect((await api('module=stats&action=totalfees&date=2024-02-30')).message).toBe(
      'An incorrect input date provided. It should be in ISO 8601 format (yyyy-mm-dd).',
    );
    const day = new Date(handler.chain.blocks.at(handler.chain.headHeight)!.timestamp * 1000)
      .toISOString()
      .slice(0, 10);
    expect((await api(`module=stats&action=totalfees&date=${day}`)).result).toMatch(/^\d+$/);
    expect((await api('module=stats&action=totalfees&date=1999-01-01')).result).toBeNull();
  });

  it('getLogs: presence checks by key; a topic that is no hash is dropped after them; topic0 with an operator', async () => {
    const transfer = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
    expect((await api('module=logs&action=getLogs&fromBlock=0&toBlock=latest&topic0=junk')).status).toBe('1');
    expect(
      (await api(`module=logs&action=getLogs&fromBlock=0&toBlock=latest&topic0=${transfer}&topic1=junk`)).message,
    ).toBe('Required query parameters missing: topic0_1_opr');
    const transfers = (await api(`module=logs&action=getLogs&fromBlock=0&toBlock=latest&topic0=${transfer}`))
      .result as Json[];
    expect(transfers.length).toBeGreaterThan(0);
    for (const log of transfers) expect(log.topics[0]).toBe(transfer);
    const from = transfers[0]!.topics[1] as string;
    const both = (
      await api(
        `module=logs&action=getLogs&fromBlock=0&toBlock=latest&topic0=${transfer}&topic1=${from}&topic0_1_opr=and`,
      )
    ).result as Json[];
    expect(both.length).toBeGreaterThan(0);
    for (const log of both) expect([log.topics[0], log.topics[1]]).toEqual([transfer, from]);
  });

  it('keys in the wire order on gettxinfo and getstatus', async () => {
    const hash = handler.chain.handles.failedTransaction;
    expect(Object.keys((await api(`module=transaction&action=gettxinfo&txhash=${hash}`)).result)).toEqual(
      [...Object.keys((await api(`module=transaction&action=gettxinfo&txhash=${hash}`)).result)].sort(),
    );
    expect(Object.keys((await api(`module=transaction&action=getstatus&txhash=${hash}`)).result)).toEqual([
      'errDescription',
      'isError',
    ]);
  });
});
