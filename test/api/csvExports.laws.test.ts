import { beforeAll, describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { createApi } from '../../src/app/createApi.js';
import { createChainApp, loadAnswerModules } from '../../src/app/chainApp.js';
import { collectItems, getUrl } from '../../src/rest/walkPages.js';
import { PROFILES } from '../../src/schemas/profile.js';
import { expectValidResponse } from '../support/expectValid.js';
import { csvRecords, parseCsv } from '../support/parseCsv.js';
import { sharedChain } from '../support/sharedChain.js';

type Json = Record<string, any>;

const chain = buildChain({ scenario: 'tiny', seed: 1 });
const h = chain.handles;
const api = createApi(chain, {
  profile: 'blockscout',
  onError: (error) => {
    throw error;
  },
});
const get = (url: string) => getUrl(api, `/api/v2${url}`);
const json = (url: string): any => {
  const answer = get(url);
  expect(answer.status, url).toBe(200);
  expectValidResponse(`/api/v2${url}`, answer.status, answer.body, 'blockscout');
  return JSON.parse(answer.body);
};
const all = (url: string): Json[] => collectItems((u) => getUrl(api, u), `/api/v2${url}`) as Json[];

/** A CSV answer's records, after checking it is one: 200, `application/csv`, CRLF rows under a header. */
function csv(url: string): { header: string[]; records: Record<string, string>[] } {
  const answer = get(url);
  expect(answer.status, `${url}: ${answer.body.slice(0, 200)}`).toBe(200);
  expect(answer.contentType).toBe('application/csv');
  expect(answer.body.endsWith('\r\n')).toBe(true);
  return csvRecords(answer.body);
}

const time = (height: number) => chain.blocks.at(height)!.timestamp;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
/** The whole chain's day, and a window inside it (from block 12's time to block 30's). */
const DAY = `from_period=${iso(time(0)).slice(0, 10)}&to_period=${iso(time(chain.headHeight)).slice(0, 10)}`;
const WINDOW = { from: time(12), to: time(30) };
const WINDOW_QUERY = `from_period=${iso(WINDOW.from)}&to_period=${iso(WINDOW.to)}`;
const inWindow = (timestamp: string) => {
  const t = Date.parse(timestamp) / 1000;
  return t >= WINDOW.from && t <= WINDOW.to;
};
const csvTime = (timestamp: string) => timestamp.replace('T', ' ');
const hashOf = (ref: Json | null) => ref?.hash ?? '';

describe('transactions CSV', () => {
  const checkAgainst = (address: string, items: Json[], records: Record<string, string>[]) => {
    expect(records.map((r) => r.TxHash)).toEqual(items.map((t) => t.hash));
    const stats = json('/stats');
    const market = json('/stats/charts/market').chart_data as Json[];
    records.forEach((r, i) => {
      const t = items[i]!;
      expect(r.BlockNumber).toBe(String(t.block_number));
      expect(r.UnixTimestamp).toBe(csvTime(t.timestamp));
      expect(r.FromAddress).toBe(t.from.hash);
      expect(r.ToAddress).toBe(hashOf(t.to));
      expect(r.ContractAddress).toBe(hashOf(t.created_contract));
      expect(r.Type).toBe(t.from.hash === address ? 'OUT' : t.to?.hash === address ? 'IN' : '');
      expect(r.Value).toBe(t.value);
      expect(r.Fee).toBe(t.fee.value);
      expect(r.Status).toBe(t.status);
      expect(r.ErrCode).toBe(t.status === 'error' ? t.result : '');
      expect(r.CurrentPrice).toBe(stats.coin_price);
      const day = market.find((d) => d.date === t.timestamp.slice(0, 10));
      expect(r.TxDateClosingPrice).toBe(day?.closing_price ?? '');
      expect(r.TxDateOpeningPrice).toBe(r.TxDateClosingPrice);
      expect(r.MethodName).toBe(t.method ?? '');
    });
  };

  it('has the explorer’s header and the rows of the address’s list, newest first, with the same values', () => {
    for (const address of [h.busyAddress!, h.whale!, h.erc20Token!]) {
      const { header, records } = csv(`/addresses/${address}/transactions/csv?${DAY}`);
      expect(header).toEqual([
        'TxHash',
        'BlockNumber',
        'UnixTimestamp',
        'FromAddress',
        'ToAddress',
        'ContractAddress',
        'Type',
        'Value',
        'Fee',
        'Status',
        'ErrCode',
        'CurrentPrice',
        'TxDateOpeningPrice',
        'TxDateClosingPrice',
        'MethodName',
      ]);
      const items = all(`/addresses/${address}/transactions`);
      expect(items.length).toBeGreaterThan(0);
      checkAgainst(address, items, records);
    }
  });

  it('keeps to a period (ISO date-times) and to the direction filter, as the list’s `filter`', () => {
    const address = h.busyAddress!;
    const windowed = csv(`/addresses/${address}/transactions/csv?${WINDOW_QUERY}`).records;
    const items = all(`/addresses/${address}/transactions`).filter((t) => inWindow(t.timestamp));
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(all(`/addresses/${address}/transactions`).length);
    checkAgainst(address, items, windowed);
    for (const direction of ['to', 'from'])
      checkAgainst(
        address,
        all(`/addresses/${address}/transactions?filter=${direction}`),
        csv(`/addresses/${address}/transactions/csv?${DAY}&filter_type=address&filter_value=${direction}`).records,
      );
  });

  it('keeps nothing for a period past either end of the chain, and reads an unparseable bound as block 0, as the explorer does', () => {
    const address = h.busyAddress!;
    const whole = csv(`/addresses/${address}/transactions/csv?${DAY}`).records;
    expect(whole.length).toBeGreaterThan(0);
    // A from bound past the head: the block after it (the explorer's non-strict timestamp_to_block_number), so nothing.
    expect(csv(`/addresses/${address}/transactions/csv?from_period=2099-01-01&to_period=2099-12-31`).records).toEqual(
      [],
    );
    // A to bound before genesis: block −1, so nothing.
    expect(
      csv(`/addresses/${address}/transactions/csv?from_period=2000-01-01&to_period=2000-01-01T10:00:00Z`).records,
    ).toEqual([]);
    // `null` names no instant: block 0, so only block 0's rows.
    const genesisOnly = whole.filter((r) => r.BlockNumber === '0');
    expect(csv(`/addresses/${address}/transactions/csv?from_period=null&to_period=null`).records).toEqual(genesisOnly);
  });
});

describe('internal transactions CSV', () => {
  it('holds the list’s rows, sorted by block, index, transaction index descending, with the raw trace’s gas and data', () => {
    // The router and the proxy have calls in several transactions of one block, where the two orders differ.
    for (const address of [h.vault!, h.busyAddress!, h.router!, h.proxy!]) {
      const { header, records } = csv(`/addresses/${address}/internal-transactions/csv?${DAY}`);
      expect(header).toEqual([
        'TxHash',
        'Index',
        'BlockNumber',
        'TxIndex',
        'UnixTimestamp',
        'FromAddress',
        'ToAddress',
        'ContractAddress',
        'Type',
        'CallType',
        'Gas',
        'GasUsed',
        'Value',
        'Input',
        'Output',
        'ErrCode',
        'Fee',
      ]);
      const items = all(`/addresses/${address}/internal-transactions`);
      expect(items.length).toBeGreaterThan(0);
      const sorted = [...items].sort(
        (a, b) => b.block_number - a.block_number || b.index - a.index || b.transaction_index - a.transaction_index,
      );
      expect(records.map((r) => `${r.TxHash}:${r.Index}`)).toEqual(
        sorted.map((i) => `${i.transaction_hash}:${i.index}`),
      );
      records.forEach((r, k) => {
        const it = sorted[k]!;
        const calls = ['call', 'delegatecall', 'staticcall'].includes(it.type);
        expect(r.BlockNumber).toBe(String(it.block_number));
        expect(r.TxIndex).toBe(String(it.transaction_index));
        expect(r.UnixTimestamp).toBe(csvTime(it.timestamp));
        expect([r.FromAddress, r.ToAddress, r.ContractAddress]).toEqual([
          it.from.hash,
          hashOf(it.to),
          hashOf(it.created_contract),
        ]);
        expect([r.Type, r.CallType]).toEqual(calls ? ['call', it.type] : [it.type, '']);
        expect([r.Gas, r.Value, r.ErrCode]).toEqual([it.gas_limit, it.value, it.error ?? '']);
        const trace = json(`/transactions/${it.transaction_hash}/raw-trace`)[it.index];
        expect(r.GasUsed).toBe(trace.result ? String(BigInt(trace.result.gasUsed)) : '');
        expect(r.Output).toBe(trace.result?.output ?? '');
        expect(r.Input).toBe(trace.action.input ?? '');
        const gasPrice = BigInt(json(`/transactions/${it.transaction_hash}`).gas_price);
        expect(r.Fee).toBe(r.GasUsed === '' ? '' : String(BigInt(r.GasUsed!) * gasPrice));
      });
    }
  });

  it('keeps to a period, and ignores the direction filter (the explorer checks it against a type no filter names)', () => {
    const address = h.vault!;
    const whole = csv(`/addresses/${address}/internal-transactions/csv?${DAY}`).records;
    for (const direction of ['to', 'from'])
      expect(
        csv(`/addresses/${address}/internal-transactions/csv?${DAY}&filter_type=address&filter_value=${direction}`)
          .records,
      ).toEqual(whole);
    const windowed = csv(`/addresses/${address}/internal-transactions/csv?${WINDOW_QUERY}`).records;
    expect(windowed).toEqual(whole.filter((r) => inWindow(r.UnixTimestamp!.replace(' ', 'T'))));
    expect(windowed.length).toBeLessThan(whole.length);
  });
});

describe('token transfers CSV', () => {
  /** Token transfer items of a list, one per log (an ERC-1155 batch's items share their log), oldest first. */
  const logsOf = (items: Json[]) => {
    const byKey = new Map<string, Json>();
    const ids = new Map<string, Set<string>>();
    for (const t of items) {
      const key = `${t.transaction_hash}:${t.log_index}`;
      byKey.set(key, t);
      ids.set(key, (ids.get(key) ?? new Set()).add(String(t.total.token_id)));
    }
    return [...byKey.entries()]
      .map(([key, t]): Json => ({ ...t, ids: ids.get(key)!.size }))
      .sort((a, b) => a.block_number - b.block_number || a.log_index - b.log_index);
  };

  it('holds one row per transfer log of the address, as sender, receiver or token contract, oldest first', () => {
    for (const [address, isToken] of [
      [h.busyAddress!, false],
      [h.erc20Token!, true],
      [h.erc1155Token!, true],
    ] as const) {
      const { header, records } = csv(`/addresses/${address}/token-transfers/csv?${DAY}`);
      expect(header).toEqual([
        'TxHash',
        'BlockNumber',
        'UnixTimestamp',
        'FromAddress',
        'ToAddress',
        'TokenContractAddress',
        'Type',
        'TokenDecimals',
        'TokenSymbol',
        'TokensTransferred',
        'TransactionFee',
        'Status',
        'ErrCode',
      ]);
      const expected = logsOf([
        ...all(`/addresses/${address}/token-transfers`),
        ...(isToken ? all(`/tokens/${address}/transfers`) : []),
      ]);
      expect(expected.length).toBeGreaterThan(0);
      expect(records.map((r) => r.TxHash)).toEqual(expected.map((t) => t.transaction_hash));
      const fees = new Map<string, Json>();
      records.forEach((r, k) => {
        const t = expected[k]!;
        const tx = fees.get(t.transaction_hash) ?? json(`/transactions/${t.transaction_hash}`);
        fees.set(t.transaction_hash, tx);
        expect(r.BlockNumber).toBe(String(t.block_number));
        expect(r.UnixTimestamp).toBe(csvTime(t.timestamp));
        expect([r.FromAddress, r.ToAddress, r.TokenContractAddress]).toEqual([
          t.from.hash,
          t.to.hash,
          t.token.address_hash,
        ]);
        expect(r.Type).toBe(t.from.hash === address ? 'OUT' : t.to.hash === address ? 'IN' : '');
        // Null (none stored: the token's code answers no decimals()) is an empty field.
        expect([r.TokenDecimals, r.TokenSymbol]).toEqual([t.token.decimals ?? '', t.token.symbol]);
        // A single amount for ERC-20, one ERC-1155 id and an ERC-404 fungible leg; none for NFT ids and batches.
        const single =
          t.token_type === 'ERC-20' ||
          (t.token_type === 'ERC-1155' && t.ids === 1) ||
          (t.token_type === 'ERC-404' && t.total.token_id === null);
        expect(r.TokensTransferred).toBe(single ? t.total.value : '');
        expect([r.TransactionFee, r.Status, r.ErrCode]).toEqual([
          tx.fee.value,
          tx.status,
          tx.status === 'error' ? tx.result : '',
        ]);
      });
    }
  });

  it('an ERC-1155 batch is one row with no single amount', () => {
    const batch = chain.transactions.at(chain.transactionByHash.get(h.erc1155BatchTransaction!.toLowerCase())!)!;
    const transfer = chain.tokenTransfers.at(batch.tokenTransferStart)!;
    const from = chain.accounts[transfer.fromId]!.hash;
    const rows = csv(`/addresses/${from}/token-transfers/csv?${DAY}`).records.filter(
      (r) => r.TxHash === h.erc1155BatchTransaction,
    );
    expect(rows.length).toBe(batch.tokenTransferCount);
    expect(rows.some((r) => r.TokensTransferred === '')).toBe(true);
  });

  it('narrows to the receiver or the sender as the list’s `filter` does, and keeps to a period', () => {
    const address = h.busyAddress!;
    for (const direction of ['to', 'from']) {
      const records = csv(
        `/addresses/${address}/token-transfers/csv?${DAY}&filter_type=address&filter_value=${direction}`,
      ).records;
      const expected = logsOf(all(`/addresses/${address}/token-transfers?filter=${direction}`));
      expect(records.map((r) => `${r.TxHash}:${r.BlockNumber}`)).toEqual(
        expected.map((t) => `${t.transaction_hash}:${t.block_number}`),
      );
    }
    const whole = csv(`/addresses/${address}/token-transfers/csv?${DAY}`).records;
    const windowed = csv(`/addresses/${address}/token-transfers/csv?${WINDOW_QUERY}`).records;
    expect(windowed).toEqual(whole.filter((r) => inWindow(r.UnixTimestamp!.replace(' ', 'T'))));
    expect(windowed.length).toBeLessThan(whole.length);
  });
});

describe('logs CSV', () => {
  it('holds the logs the address emitted, newest first, as its list shows them; a topic narrows as the list’s `topic`', () => {
    const address = h.erc20Token!;
    const { header, records } = csv(`/addresses/${address}/logs/csv?${DAY}`);
    expect(header).toEqual([
      'TxHash',
      'Index',
      'BlockNumber',
      'BlockHash',
      'ContractAddress',
      'Data',
      'FirstTopic',
      'SecondTopic',
      'ThirdTopic',
      'FourthTopic',
    ]);
    const items = all(`/addresses/${address}/logs`);
    expect(items.length).toBeGreaterThan(1);
    const rowOf = (l: Json) => [
      l.transaction_hash,
      String(l.index),
      String(l.block_number),
      l.block_hash,
      l.address.hash,
      l.data,
      ...l.topics.map((t: string | null) => t ?? ''),
    ];
    expect(records.map(Object.values)).toEqual(items.map(rowOf));
    const topic = items[0]!.topics[1] as string;
    expect(
      csv(`/addresses/${address}/logs/csv?${DAY}&filter_type=topic&filter_value=${topic}`).records.map(Object.values),
    ).toEqual(all(`/addresses/${address}/logs?topic=${topic}`).map(rowOf));
    expect(csv(`/addresses/${address}/logs/csv?${WINDOW_QUERY}`).records.map(Object.values)).toEqual(
      items.filter((l) => inWindow(l.block_timestamp)).map(rowOf),
    );
  });
});

describe('token holders CSV', () => {
  it('holds the holders list in its order, each balance in whole tokens in XSD form', () => {
    for (const address of [h.erc20Token!, h.erc721Token!, h.erc1155Token!]) {
      const { header, records } = csv(`/tokens/${address}/holders/csv?from_period=null&to_period=null`);
      expect(header).toEqual(['HolderAddress', 'Balance']);
      const holders = all(`/tokens/${address}/holders`);
      const decimals = Number(json(`/tokens/${address}`).decimals ?? 0);
      expect(records.map((r) => r.HolderAddress)).toEqual(holders.map((x) => x.address.hash));
      records.forEach((r, k) => {
        expect(r.Balance).toMatch(/^(0|[1-9][0-9]*)\.[0-9]+$/);
        const [whole, fraction] = r.Balance!.split('.') as [string, string];
        expect(fraction === '0' || !fraction.endsWith('0')).toBe(true);
        // Balance = digits / 10^scale, so Balance × 10^decimals = value exactly.
        const digits = BigInt(whole + fraction);
        expect(digits * 10n ** BigInt(decimals)).toBe(BigInt(holders[k]!.value) * 10n ** BigInt(fraction.length));
      });
    }
    expect(get(`/tokens/${h.busyAddress}/holders/csv`).status).toBe(404);
  });
});

describe('the CSV answers over HTTP, and the older /api/v1 paths', () => {
  const app = createChainApp(chain, { profile: 'blockscout' });
  beforeAll(() => loadAnswerModules());
  const http = (url: string) => app.answer({ method: 'GET', url, header: () => undefined });
  const text = (body: Uint8Array | string | null) =>
    typeof body === 'string' ? body : new TextDecoder().decode(body ?? new Uint8Array());

  it('sends a CSV as a download: application/csv, an attachment, and the csv-downloaded cookie', () => {
    const url = `/api/v2/addresses/${h.busyAddress}/transactions/csv?${DAY}`;
    const answer = http(url);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/csv');
    expect(answer.headers['content-disposition']).toBe('attachment;');
    expect(answer.headers['set-cookie']).toMatch(/^csv-downloaded=true;.*max-age=86400/);
    expect(text(answer.body)).toBe(get(url.slice('/api/v2'.length)).body);
    expect(parseCsv(text(answer.body)).length).toBeGreaterThan(1);
    // JSON answers keep their content type.
    expect(http('/api/v2/config/csv-export').headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers /api/v1/*-csv with address_id as the REST path answers, and errs as the explorer did before v9', () => {
    const query = `address_id=${h.busyAddress!.toLowerCase()}&${DAY}&filter_type=address&filter_value=from&recaptcha_response=x`;
    for (const [v1, v2] of [
      ['transactions-csv', 'transactions/csv'],
      ['internal-transactions-csv', 'internal-transactions/csv'],
      ['token-transfers-csv', 'token-transfers/csv'],
      ['logs-csv', 'logs/csv'],
    ]) {
      const answer = http(`/api/v1/${v1}?${query}`);
      expect(answer.status, v1).toBe(200);
      expect(answer.headers['content-disposition']).toBe('attachment;');
      expect(text(answer.body)).toBe(get(`/addresses/${h.busyAddress}/${v2}?${query}`).body);
    }
    expect(http(`/api/v1/transactions-csv?address_id=${h.busyAddress}&from_period=2024-05-01`).status).toBe(404);
    expect(http(`/api/v1/transactions-csv?address_id=0x12&${DAY}`).status).toBe(422);
    expect(http(`/api/v1/transactions-csv?address_id=0x${'5e'.repeat(20)}&${DAY}`).status).toBe(404);
    // The Etherscan-compatible API keeps /api/v1 itself.
    const countdown = JSON.parse(
      text(http(`/api/v1?module=block&action=getblockcountdown&blockno=${chain.headHeight + 7}`).body),
    );
    expect(countdown.result.RemainingBlock).toBe('7');
  });
});

for (const profile of PROFILES)
  describe(`bad requests, profile ${profile}`, () => {
    const bad = createApi(chain, { profile });
    const answer = (url: string) => getUrl(bad, `/api/v2${url}`);

    it('422 for a malformed address, a missing or malformed period or filter; 404 for an unknown address', () => {
      const busy = h.busyAddress!;
      for (const [url, pointer] of [
        [`/addresses/0x12/transactions/csv?${DAY}`, '/address_hash_param'],
        [`/addresses/${busy}/transactions/csv?to_period=2024-05-01`, '/from_period'],
        [`/addresses/${busy}/internal-transactions/csv?from_period=2024-05-01`, '/to_period'],
        [`/addresses/${busy}/token-transfers/csv?from_period=yesterday&to_period=2024-05-01`, '/from_period'],
        [`/addresses/${busy}/logs/csv?${DAY}&filter_type=sideways`, '/filter_type'],
        [`/addresses/${busy}/transactions/csv?${DAY}&filter_type=address&filter_value=up`, '/filter_value'],
        [`/tokens/${h.erc20Token}/holders/csv?from_period=soon`, '/from_period'],
      ] as const) {
        const response = answer(url);
        expect(response.status, url).toBe(422);
        expectValidResponse(`/api/v2${url}`, response.status, response.body, profile);
        expect(JSON.parse(response.body).errors[0].source.pointer, url).toBe(pointer);
      }
      for (const url of [
        `/addresses/0x${'5e'.repeat(20)}/transactions/csv?${DAY}`,
        `/addresses/0x${'5e'.repeat(20)}/logs/csv?${DAY}`,
        `/tokens/0x${'5e'.repeat(20)}/holders/csv`,
      ]) {
        const response = answer(url);
        expect(response.status, url).toBe(404);
        expect(JSON.parse(response.body)).toEqual({ message: 'Not found' });
      }
    });
  });

describe('the export limit', () => {
  it('/config/csv-export names the limit; an export stops at it, with the rows the list shows first', () => {
    expect(json('/config/csv-export')).toEqual({ limit: 10000, async_enabled: false });
    const big = sharedChain({ scenario: 'default', seed: 1 });
    const bigApi = createApi(big, { profile: 'blockscout' });
    const bigGet = (url: string) => getUrl(bigApi, `/api/v2${url}`);
    const { records } = csvRecords(bigGet('/advanced-filters/csv').body);
    expect(records.length).toBe(10_000);
    const listed = collectItems((u) => getUrl(bigApi, u), '/api/v2/advanced-filters', 200) as Json[];
    expect(listed.length).toBe(10_000);
    expect(records.map((r) => `${r.TxHash}:${r.Type}:${r.BlockNumber}`)).toEqual(
      listed.map((i) => `${i.hash}:${i.type}:${i.block_number}`),
    );
  }, 120_000);
});
