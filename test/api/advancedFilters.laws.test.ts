import { describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { createApi } from '../../src/app/createApi.js';
import { getUrl, walkPages } from '../../src/rest/walkPages.js';
import { PROFILES } from '../../src/schemas/profile.js';
import { expectValidResponse } from '../support/expectValid.js';
import { csvRecords } from '../support/parseCsv.js';

type Json = Record<string, any>;

const chain = buildChain({ scenario: 'tiny', seed: 1 });
const h = chain.handles;
/** A token's decimals as the explorer stores them (its record in Blockscout's shape), which the CSV exports write whatever the profile. */
const storedDecimals = (() => {
  const blockscout = createApi(chain, { profile: 'blockscout' });
  return (token: string): string | null =>
    JSON.parse(getUrl(blockscout, `/api/v2/tokens/${token}`).body).decimals as string | null;
})();

/** A row's place in the explorer's order: block and transaction index descending; then the transaction, its token transfers (log index descending, batch order), its internal transactions (index descending). */
const orderKey = (r: Json): number[] => {
  const rank = r.internal_transaction_index !== null ? 2 : r.token_transfer_index !== null ? 1 : 0;
  return [
    -r.block_number,
    -r.transaction_index,
    rank,
    -(r.token_transfer_index ?? 0),
    -(r.token_transfer_batch_index ?? 0),
    -(r.internal_transaction_index ?? 0),
  ];
};
const compareKeys = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
};
const rowId = (r: Json) =>
  `${r.hash}:${r.internal_transaction_index}:${r.token_transfer_index}:${r.token_transfer_batch_index}`;

for (const profile of PROFILES)
  describe(`/advanced-filters, profile ${profile}`, () => {
    const api = createApi(chain, {
      profile,
      onError: (error) => {
        throw error;
      },
    });
    const get = (url: string) => {
      const answer = getUrl(api, url);
      expectValidResponse(url, answer.status, answer.body, profile);
      return answer;
    };
    const json = (url: string): any => {
      const answer = get(`/api/v2${url}`);
      expect(answer.status, url).toBe(200);
      return JSON.parse(answer.body);
    };
    /** Every page of a listing, each page's rows and answer. */
    const pages = (url: string) =>
      walkPages(get, `/api/v2${url}`).map((p) => {
        expect(p.answer.status, p.url).toBe(200);
        return p.page as Json;
      });
    const rows = (url: string): Json[] => pages(url).flatMap((p) => p.items as Json[]);
    const list = (url: string): Json[] =>
      walkPages(get, `/api/v2${url}`).flatMap((p) => (p.page?.items ?? []) as Json[]);

    it('lists every transaction, token transfer item and internal transaction once, in the explorer’s order', () => {
      const all = rows('/advanced-filters');
      expect(new Set(all.map(rowId)).size).toBe(all.length);
      for (let i = 1; i < all.length; i++)
        expect(compareKeys(orderKey(all[i - 1]!), orderKey(all[i]!))).toBeLessThan(0);
      const txs = list('/transactions');
      const transfers = list('/token-transfers');
      const internals = list('/internal-transactions');
      expect(
        all.filter((r) => r.token_transfer_index === null && r.internal_transaction_index === null).map((r) => r.hash),
      ).toEqual(txs.map((t) => t.hash));
      expect(all.filter((r) => r.token_transfer_index !== null).length).toBe(transfers.length);
      expect(
        all
          .filter((r) => r.internal_transaction_index !== null)
          .map((r) => `${r.hash}:${r.internal_transaction_index}`)
          .sort(),
      ).toEqual(internals.map((i) => `${i.transaction_hash}:${i.index}`).sort());
      // A transaction's row carries its list values; the first row of each transaction on a page carries its fee.
      const byHash = new Map(txs.map((t) => [t.hash, t]));
      for (const page of pages('/advanced-filters')) {
        (page.items as Json[]).forEach((r, i) => {
          const tx = byHash.get(r.hash)!;
          expect([r.block_number, r.transaction_index, r.timestamp, r.status]).toEqual([
            tx.block_number,
            tx.position,
            tx.timestamp,
            tx.result,
          ]);
          const previous = (page.items as Json[])[i - 1];
          if (r.internal_transaction_index !== null) expect(r.fee === null || r.fee === '0').toBe(true);
          else expect(r.fee).toBe(previous?.hash === r.hash ? '0' : tx.fee.value);
          if (r.token_transfer_index === null && r.internal_transaction_index === null) {
            expect([r.from.hash, r.to?.hash ?? null, r.value, r.method]).toEqual([
              tx.from.hash,
              tx.to?.hash ?? null,
              tx.value,
              tx.method,
            ]);
            expect(r.type).toBe(
              tx.to === null ? 'contract_creation' : tx.to.is_contract ? 'contract_interaction' : 'coin_transfer',
            );
          }
        });
      }
    });

    it('an address on either side lists its transactions, token transfers and internal transactions', () => {
      for (const address of [h.busyAddress!, h.vault!]) {
        const found = rows(
          `/advanced-filters?from_address_hashes_to_include=${address}&to_address_hashes_to_include=${address.toLowerCase()}`,
        );
        const is = (ref: Json | null) => ref?.hash === address;
        const coin = found.filter((r) => r.token_transfer_index === null && r.internal_transaction_index === null);
        // The explorer's address lists also count the contract an address created; the filter matches senders and receivers only.
        expect(coin.map((r) => r.hash)).toEqual(
          list(`/addresses/${address}/transactions`)
            .filter((t) => is(t.from) || is(t.to))
            .map((t) => t.hash),
        );
        expect(found.filter((r) => r.token_transfer_index !== null).length).toBe(
          list(`/addresses/${address}/token-transfers`).length,
        );
        expect(
          found
            .filter((r) => r.internal_transaction_index !== null)
            .map((r) => `${r.hash}:${r.internal_transaction_index}`)
            .sort(),
        ).toEqual(
          list(`/addresses/${address}/internal-transactions`)
            .filter((i) => is(i.from) || is(i.to))
            .map((i) => `${i.transaction_hash}:${i.index}`)
            .sort(),
        );
        for (const r of found) expect(is(r.from) || is(r.to)).toBe(true);
        // `and` asks for both sides; an excluded sender drops the address's own sends.
        for (const r of rows(
          `/advanced-filters?from_address_hashes_to_include=${address}&to_address_hashes_to_include=${address}&address_relation=AND`,
        ))
          expect(is(r.from) && is(r.to)).toBe(true);
        for (const r of rows(`/advanced-filters?from_address_hashes_to_exclude=${address}`))
          expect(is(r.from)).toBe(false);
      }
    });

    it('types, methods, ages, amounts and tokens narrow the rows as the explorer’s filter does', () => {
      const nft = rows('/advanced-filters?transaction_types=ERC-721');
      expect(nft.length).toBe(list('/token-transfers').filter((t) => t.token.type === 'ERC-721').length);
      for (const r of nft) expect([r.type, r.value, r.token.type]).toEqual(['ERC-721', null, 'ERC-721']);
      const creations = rows('/advanced-filters?transaction_types=contract_creation');
      expect(creations.length).toBeGreaterThan(0);
      for (const r of creations) expect([r.type, r.to]).toEqual(['contract_creation', null]);

      const transfers = json('/advanced-filters?methods=0xa9059cbb');
      expect(transfers.search_params.methods).toEqual({ '0xa9059cbb': 'transfer' });
      const byMethod = rows('/advanced-filters?methods=0xa9059cbb');
      expect(byMethod.length).toBeGreaterThan(0);
      for (const r of byMethod) expect([r.method, r.internal_transaction_index]).toEqual(['transfer', null]);
      expect(rows('/advanced-filters?methods_names=transfer').map(rowId)).toEqual(byMethod.map(rowId));
      // Names are looked up lower-cased, so a camel-case default name narrows nothing.
      expect(rows('/advanced-filters?methods_names=transferFrom').length).toBe(rows('/advanced-filters').length);

      const from = chain.blocks.at(10)!.timestamp;
      const to = chain.blocks.at(20)!.timestamp;
      const iso = (s: number) => new Date(s * 1000).toISOString();
      const aged = rows(`/advanced-filters?age_from=${iso(from)}&age_to=${iso(to)}`);
      expect(aged.length).toBeGreaterThan(0);
      // Every row of those blocks, and only those, in order, across pages (the walk reads only those blocks).
      const inAges = (r: Json) => {
        const t = Date.parse(r.timestamp) / 1000;
        return t >= from && t <= to;
      };
      expect(aged.map(rowId)).toEqual(rows('/advanced-filters').filter(inAges).map(rowId));
      expect(rows(`/advanced-filters?age_to=${iso(chain.blocks.at(0)!.timestamp - 1)}`)).toEqual([]);
      expect(rows(`/advanced-filters?age_from=${iso(chain.blocks.at(chain.headHeight)!.timestamp + 1)}`)).toEqual([]);

      const rich = rows('/advanced-filters?amount_from=1');
      expect(rich.length).toBeGreaterThan(0);
      expect(rich.length).toBeLessThan(rows('/advanced-filters').length);
      for (const r of rich) {
        if (r.value !== null) expect(BigInt(r.value) >= 10n ** 18n).toBe(true);
        // An ERC-721 transfer moves one token (the explorer's COALESCE(amount, 1)).
        else expect(BigInt(r.total.value ?? 1) >= 10n ** BigInt(r.total.decimals ?? 0)).toBe(true);
      }
      expect(rows('/advanced-filters?amount_from=2&amount_to=1')).toEqual([]);

      const token = h.erc20Token!.toLowerCase();
      const withToken = json(`/advanced-filters?token_contract_address_hashes_to_include=${token},native`);
      expect(Object.keys(withToken.search_params.tokens)).toEqual([token]);
      const tokenRows = rows(`/advanced-filters?token_contract_address_hashes_to_include=${token},native`);
      for (const r of tokenRows) if (r.token !== null) expect(r.token.address_hash.toLowerCase()).toBe(token);
      expect(tokenRows.some((r) => r.token === null)).toBe(true);
      for (const r of rows('/advanced-filters?token_contract_address_hashes_to_exclude=native'))
        expect(r.token).not.toBeNull();
    });

    it('its CSV holds the same rows, with token columns for token transfers and prices for coin rows', () => {
      const query = 'transaction_types=ERC-20,ERC-1155,COIN_TRANSFER,CONTRACT_INTERACTION';
      const listed = pages(`/advanced-filters?${query}`);
      const items = listed.flatMap((p) => p.items as Json[]);
      const firstOfPage = new Set(listed.map((p) => rowId((p.items as Json[])[0]!)));
      const answer = getUrl(api, `/api/v2/advanced-filters/csv?${query}`);
      expect(answer.contentType).toBe('application/csv');
      const { header, records } = csvRecords(answer.body);
      expect(header).toEqual([
        'TxHash',
        'Type',
        'MethodId',
        'UtcTimestamp',
        'FromAddress',
        'ToAddress',
        'CreatedContractAddress',
        'Value',
        'TokenContractAddressHash',
        'TokenDecimals',
        'TokenSymbol',
        'TokenValue',
        'TokenID',
        'BlockNumber',
        'Fee',
        'CurrentPrice',
        'TxDateOpeningPrice',
        'TxDateClosingPrice',
      ]);
      expect(records.length).toBe(items.length);
      const price = json('/stats').coin_price as string;
      records.forEach((r, i) => {
        const item = items[i]!;
        expect([r.TxHash, r.Type, r.BlockNumber, r.UtcTimestamp]).toEqual([
          item.hash,
          item.type,
          String(item.block_number),
          item.timestamp.replace('T', ' '),
        ]);
        expect([r.FromAddress, r.ToAddress, r.CreatedContractAddress, r.Value]).toEqual([
          item.from?.hash ?? '',
          item.to?.hash ?? '',
          item.created_contract?.hash ?? '',
          item.value ?? '',
        ]);
        // The export drops repeated fees over the whole file, a page over itself.
        if (!firstOfPage.has(rowId(item))) expect(r.Fee).toBe(item.fee ?? '');
        if (item.token) {
          // None where the token's code answers no decimals() (the value then undivided).
          const decimals = storedDecimals(item.token.address_hash);
          expect([r.TokenContractAddressHash, r.TokenSymbol, r.TokenDecimals]).toEqual([
            item.token.address_hash,
            item.token.symbol,
            decimals ?? '',
          ]);
          const [whole, fraction = ''] = r.TokenValue!.split('.');
          expect(BigInt(whole! + fraction) * 10n ** BigInt(decimals ?? 0)).toBe(
            BigInt(item.total.value) * 10n ** BigInt(fraction.length),
          );
          // The spec's total has no token_id.
          if ('token_id' in item.total) expect(r.TokenID).toBe(item.total.token_id ?? '');
          expect([r.CurrentPrice, r.TxDateOpeningPrice, r.TxDateClosingPrice]).toEqual(['', '', '']);
        } else {
          expect([r.TokenContractAddressHash, r.TokenValue, r.TokenID]).toEqual(['', '', '']);
          expect(Number(r.CurrentPrice)).toBe(Number(price));
          expect(r.CurrentPrice).toMatch(/^\d+\.\d+$/);
        }
        if (item.method === 'transfer') expect(r.MethodId).toBe('0xa9059cbb');
      });
    });

    it('/advanced-filters/methods: the defaults, or the one method a search names', () => {
      const defaults = json('/advanced-filters/methods');
      expect(defaults).toHaveLength(23);
      expect(defaults[0]).toEqual({ method_id: '0xa9059cbb', name: 'transfer' });
      expect(defaults[22]).toEqual({ method_id: '0x0162e2d0', name: 'swapETHForExactTokens' });
      expect(json('/advanced-filters/methods?q=TRANSFER')).toEqual([{ method_id: '0xa9059cbb', name: 'transfer' }]);
      expect(json('/advanced-filters/methods?q=0x095ea7b3')).toEqual([{ method_id: '0x095ea7b3', name: 'approve' }]);
      // balanceOf(address), declared by the verified ERC-20 contracts.
      expect(json('/advanced-filters/methods?q=0x70a08231')).toEqual([{ method_id: '0x70a08231', name: 'balanceOf' }]);
      expect(json('/advanced-filters/methods?q=0x12345678')).toEqual([{ method_id: '0x12345678', name: '' }]);
      expect(json('/advanced-filters/methods?q=balanceOf')).toEqual([]);
      expect(json('/advanced-filters/methods?q=nothing-at-all')).toEqual([]);
    });

    it('422 for a malformed cursor or items_count; an incomplete cursor starts over', () => {
      for (const [url, pointer] of [
        ['/advanced-filters?block_number=x', '/block_number'],
        ['/advanced-filters?transaction_index=-1', '/transaction_index'],
        ['/advanced-filters?internal_transaction_index=a', '/internal_transaction_index'],
        ['/advanced-filters?items_count=0', '/items_count'],
        ['/advanced-filters/csv?token_transfer_index=1.5', '/token_transfer_index'],
      ] as const) {
        const answer = get(`/api/v2${url}`);
        expect(answer.status, url).toBe(422);
        expect(JSON.parse(answer.body).errors[0].source.pointer).toBe(pointer);
      }
      expect(json('/advanced-filters?block_number=10&transaction_index=0').items).toEqual(
        json('/advanced-filters').items,
      );
    });
  });
