import { describe, expect, it } from 'vitest';
import { buildChain } from '../../../generators/buildChain.js';
import { ApiError } from '../errors.js';
import { activityCursorOf, advancedFilterOf, itemsCountOf } from './advancedFilterQuery.js';

const chain = buildChain({ scenario: 'tiny', seed: 1 });
const filterOf = (query: string) => advancedFilterOf(chain, new URLSearchParams(query));

describe('advancedFilterOf', () => {
  it('reads amounts as Elixir’s Decimal.parse does, dropping what it cannot read whole', () => {
    const amount = (text: string) => filterOf(`amount_from=${encodeURIComponent(text)}`).amountFrom;
    expect(amount('1.5')).toEqual({ digits: 15n, scale: 1 });
    expect(amount('1e18')).toEqual({ digits: 10n ** 18n, scale: 0 });
    expect(amount('.5')).toEqual({ digits: 5n, scale: 1 });
    expect(amount('2.')).toEqual({ digits: 2n, scale: 0 });
    expect(amount('-3')).toEqual({ digits: -3n, scale: 0 });
    for (const bad of ['', '.', 'abc', '1,5', '1e', 'inf']) expect(amount(bad), bad).toBeNull();
    // A scale past ±400 is dropped: `1e-999999999` took 26 s and a 500 (a billion-digit power per row).
    expect(amount('1e-400')).toEqual({ digits: 1n, scale: 400 });
    for (const huge of ['1e-401', '1e999999999', '1e-999999999', `0.${'0'.repeat(400)}1`])
      expect(amount(huge), huge.slice(0, 12)).toBeNull();
  });

  it('keeps known types (any case, no trimming), at most 20 distinct selectors, default names lower-case', () => {
    expect(filterOf('transaction_types=coin_transfer,ERC-20, ERC-721,ERC-9999').types).toEqual([
      'COIN_TRANSFER',
      'ERC-20',
    ]);
    expect(filterOf('transaction_types=nothing').types).toBeNull();
    const many = Array.from({ length: 25 }, (_, i) => `0x${String(i).padStart(8, '0')}`);
    expect(filterOf(`methods=${many.join(',')},0x00000000,0xZZ`).methods?.size).toBe(20);
    expect([...(filterOf('methods=0xA9059CBB&methods_names=approve, Transfer,transferFrom').methods ?? [])]).toEqual([
      '0xa9059cbb',
      '0x095ea7b3',
    ]);
  });

  it('lower-cases addresses and drops malformed ones; tokens keep `native` and at most 20', () => {
    const a = chain.accounts[5]!.hash;
    expect(filterOf(`from_address_hashes_to_include=${a},0x12`).from).toEqual({
      include: [a.toLowerCase()],
      exclude: null,
    });
    const tokens = Array.from({ length: 25 }, (_, i) => `0x${String(i).padStart(40, '0')}`);
    expect(filterOf(`token_contract_address_hashes_to_include=NATIVE,${tokens.join(',')}`).tokens.include).toHaveLength(
      20,
    );
    expect(filterOf('address_relation=AND').relation).toBe('and');
    expect(filterOf('address_relation=xor').relation).toBe('or');
  });

  it('turns ages into the blocks they bound; a bound past an end of the chain keeps nothing', () => {
    const iso = (h: number) => new Date(chain.blocks.at(h)!.timestamp * 1000).toISOString();
    expect(filterOf(`age_from=${iso(10)}&age_to=${iso(20)}`)).toMatchObject({ fromBlock: 10, toBlock: 20 });
    expect(filterOf('age_from=2099-01-01T00:00:00Z&age_to=2000-01-01T00:00:00Z')).toMatchObject({
      fromBlock: chain.headHeight + 1,
      toBlock: -1,
    });
    expect(filterOf('age_from=2024-05-01&age_to=soon')).toMatchObject({ fromBlock: null, toBlock: null });
  });
});

describe('the cursor', () => {
  it('is used only when all five keys come; the nullable three take "" or null', () => {
    const q = (text: string) => activityCursorOf(new URLSearchParams(text));
    expect(q('block_number=5&transaction_index=2')).toBeNull();
    expect(
      q(
        'block_number=5&transaction_index=2&internal_transaction_index=null&token_transfer_index=3&token_transfer_batch_index=',
      ),
    ).toEqual({ block: 5, transactionIndex: 2, internalIndex: null, logIndex: 3, batchIndex: null });
    expect(() => q('block_number=5&transaction_index=null')).toThrow(ApiError);
    expect(itemsCountOf(new URLSearchParams('items_count=50'))).toBe(50);
    expect(() => itemsCountOf(new URLSearchParams('items_count=0'))).toThrow(ApiError);
  });
});
