import { describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { createApi } from '../app/createApi.js';
import { endpoints, jsonSchemas, schemas } from './index.js';

const chain = buildChain({ scenario: 'tiny', seed: 5 });
const api = createApi(chain);
const h = chain.handles;
const get = (path: string) => JSON.parse(api(`/api/v2${path}`, new URLSearchParams()).body) as Record<string, unknown>;
const firstItem = (path: string) => (get(path).items as Record<string, unknown>[])[0]!;

const samples = {
  transaction: () => firstItem(`/addresses/${h.busyAddress}/transactions`),
  block: () => firstItem('/blocks'),
  tokenTransfer: () => firstItem(`/addresses/${h.busyAddress}/token-transfers`),
  internalTransaction: () => firstItem(`/addresses/${h.vault}/internal-transactions`),
  address: () => get(`/addresses/${h.proxy}`),
  verifiedSmartContract: () => get(`/smart-contracts/${h.erc20Token}`),
  addressWithdrawal: () => firstItem(`/addresses/${h.withdrawalAddress}/withdrawals`),
} as const;

describe('schemas', () => {
  it.each(Object.keys(samples) as (keyof typeof samples)[])('accept what the views produce: %s', (name) => {
    expect(schemas[name].safeParse(samples[name]()).success).toBe(true);
  });

  it.each(Object.keys(samples) as (keyof typeof samples)[])(
    'reject an undocumented field and a missing one: %s',
    (name) => {
      expect(schemas[name].safeParse({ ...samples[name](), surprise: 1 }).success).toBe(false);
      const [first] = Object.keys(samples[name]());
      const { [first!]: _, ...rest } = samples[name]();
      expect(schemas[name].safeParse(rest).success).toBe(false);
    },
  );

  it('reject wrong types and malformed formats', () => {
    const t = samples.transaction();
    expect(schemas.transaction.safeParse({ ...t, gas_limit: String(t.gas_limit) }).success).toBe(false);
    expect(schemas.transaction.safeParse({ ...t, value: 12 }).success).toBe(false);
    expect(schemas.transaction.safeParse({ ...t, value: '-1' }).success).toBe(false);
    expect(schemas.transaction.safeParse({ ...t, hash: (t.hash as string).toUpperCase() }).success).toBe(false);
    expect(schemas.transaction.safeParse({ ...t, timestamp: '2024-05-01T12:00:00Z' }).success).toBe(false);
    const from = t.from as Record<string, unknown>;
    expect(
      schemas.transaction.safeParse({ ...t, from: { ...from, hash: (from.hash as string).toLowerCase() } }).success,
    ).toBe(false);
    expect(schemas.transaction.safeParse({ ...t, hash: null }).success).toBe(false);
  });

  it('follow the nullability decisions', () => {
    const t = samples.transaction();
    expect(schemas.transaction.safeParse({ ...t, to: null, created_contract: t.from }).success).toBe(true);
    expect(
      schemas.transaction.safeParse({ ...t, revert_reason: null, decoded_input: null, method: null }).success,
    ).toBe(true);
    expect(schemas.transaction.safeParse({ ...t, from: null }).success).toBe(false);
    expect(schemas.block.safeParse({ ...samples.block(), burnt_fees_percentage: null }).success).toBe(true);
    expect(schemas.block.safeParse({ ...samples.block(), gas_used: null }).success).toBe(false);
  });

  it('give every endpoint response exactly its next_page_params keys', () => {
    const keys: Record<string, string[]> = {
      addresses: ['fetched_coin_balance', 'hash', 'items_count'],
      addressTokens: ['items_count', 'token_name', 'token_type', 'value'],
      addressTokenTransfers: ['block_number', 'index'],
      addressTransactions: ['block_number', 'index', 'items_count'],
      addressInternalTransactions: ['block_number', 'index', 'items_count', 'transaction_index'],
      addressNftCollections: ['token_contract_address_hash', 'token_type'],
      addressWithdrawals: ['index', 'items_count'],
      blocks: ['block_number', 'items_count'],
      blockTransactions: ['block_number', 'index', 'items_count'],
      transactionTokenTransfers: ['batch_block_hash', 'batch_log_index', 'batch_transaction_hash', 'index_in_batch'],
    };
    for (const [name, expected] of Object.entries(keys)) {
      const json = jsonSchemas()[`responses.${name}`]!;
      const text = JSON.stringify(json);
      for (const key of expected) expect(text, `${name} ${key}`).toContain(`"${key}"`);
      const schema = schemas.responses[name as Exclude<keyof typeof schemas.responses, 'address' | 'smartContract'>];
      const nextKeys = Object.keys((schema.shape.next_page_params.unwrap() as { shape: object }).shape).sort();
      expect(nextKeys).toEqual([...expected].sort());
    }
    expect(endpoints).toHaveLength(12);
  });

  it('become JSON Schemas that keep the patterns and forbid extra keys', () => {
    const all = jsonSchemas();
    expect(Object.keys(all).length).toBeGreaterThan(30);
    const transaction = JSON.stringify(all.transaction);
    expect(transaction).toContain('"additionalProperties":false');
    expect(transaction).toContain('^0x[0-9a-f]{64}$');
    expect(transaction).toContain('^0x[0-9a-fA-F]{40}$');
  });
});
