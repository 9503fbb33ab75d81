import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { createApi } from '../../src/app/createApi.js';
import { createHandler } from '../../src/handler/createHandler.js';
import { getUrl, walkPages } from '../../src/rest/walkPages.js';
import { PROFILES } from '../../src/schemas/profile.js';
import { expectValidResponse } from '../support/expectValid.js';

type Json = Record<string, any>;

/** The pages newer frontends (v2.7 and on) call, checked against the facts other endpoints state. */
describe.each([1, 2, 3])('pages of newer frontends, tiny, seed %i', (seed) => {
  const chain = buildChain({ scenario: 'tiny', seed });
  describe.each(PROFILES)('profile %s', (profile) => {
    const api = createApi(chain, {
      profile,
      onError: (error) => {
        throw error;
      },
    });
    const get = (url: string) => {
      const answer = getUrl(api, `/api/v2${url}`);
      expectValidResponse(`/api/v2${url}`, answer.status, answer.body, profile);
      return answer;
    };
    const json = (url: string): any => {
      const answer = get(url);
      expect(answer.status, url).toBe(200);
      return JSON.parse(answer.body);
    };
    const walk = (url: string): Json[] =>
      walkPages((u) => getUrl(api, u), `/api/v2${url}`).flatMap((p) => (p.page?.items ?? []) as Json[]);

    it('/addresses/{h}/token-balances holds every row of /tokens, fiat value then value descending, no instance', () => {
      const key = (r: Json) => `${r.token.address_hash}:${r.token_id}:${r.value}`;
      let rows = 0;
      for (const account of chain.accounts) {
        const balances = json(`/addresses/${account.hash}/token-balances`) as Json[];
        const tokens = walk(`/addresses/${account.hash}/tokens`);
        expect(balances.map(key).sort(), account.hash).toEqual(tokens.map(key).sort());
        for (const row of balances) expect(row.token_instance).toBeNull();
        const fiat = (r: Json) =>
          (BigInt(r.value) * BigInt(Math.round(Number(r.token.exchange_rate) * 1e6))) /
          10n ** BigInt(r.token.decimals ?? 0);
        for (let k = 1; k < balances.length; k++) {
          const [a, b] = [balances[k - 1]!, balances[k]!];
          expect(fiat(a) > fiat(b) || (fiat(a) === fiat(b) && BigInt(a.value) >= BigInt(b.value))).toBe(true);
        }
        rows += balances.length;
      }
      expect(rows).toBeGreaterThan(20);
      expect(json(`/addresses/0x${'5e'.repeat(20)}/token-balances`)).toEqual([]);
      expect(get('/addresses/0x12/token-balances').status).toBe(422);
    });

    it('/tokens/{h}/instances/{id}/holders lists who holds each id, as their balances say; none for ERC-721, 404 for ERC-20', () => {
      let listed = 0;
      for (const token of chain.accounts.filter((a) => a.contract?.token)) {
        const type = token.contract!.token!.type;
        const instances = type === 'ERC-20' ? [{ id: '1' }] : walk(`/tokens/${token.hash}/instances`);
        for (const { id } of instances) {
          const url = `/tokens/${token.hash}/instances/${id}/holders`;
          if (type === 'ERC-20') {
            expect(get(url).status).toBe(404);
            continue;
          }
          const holders = walk(url);
          if (type === 'ERC-721') expect(holders).toEqual([]);
          for (const holder of holders) {
            expect(holder.token_id).toBe(String(id));
            const balances = json(`/addresses/${holder.address.hash}/token-balances`) as Json[];
            expect(
              balances.some(
                (b) => b.token.address_hash === token.hash && b.token_id === String(id) && b.value === holder.value,
              ),
            ).toBe(true);
          }
          for (let k = 1; k < holders.length; k++)
            expect(BigInt(holders[k - 1]!.value) >= BigInt(holders[k]!.value)).toBe(true);
          listed += holders.length;
        }
      }
      expect(listed).toBeGreaterThan(0);
    });

    it('/smart-contracts/verification/config offers the compilers of every verified contract, newest first', () => {
      const config = json('/smart-contracts/verification/config');
      expect(config.verification_options).toEqual(
        expect.arrayContaining(['flattened-code', 'standard-input', 'vyper-code', 'multi-part']),
      );
      expect(config.license_types.mit).toBe(3);
      expect(config.solidity_evm_versions.at(-1)).toBe('default');
      const release = (v: string) => v.match(/\d+/g)!.slice(0, 3).map(Number);
      for (const list of [config.solidity_compiler_versions, config.vyper_compiler_versions] as string[][]) {
        expect(list.length).toBeGreaterThan(0);
        for (let k = 1; k < list.length; k++) {
          const [a, b] = [release(list[k - 1]!), release(list[k]!)];
          expect(a[0]! * 1e6 + a[1]! * 1e3 + a[2]! >= b[0]! * 1e6 + b[1]! * 1e3 + b[2]!).toBe(true);
        }
      }
      for (const item of walk('/smart-contracts')) {
        const list = item.language === 'vyper' ? config.vyper_compiler_versions : config.solidity_compiler_versions;
        expect(list).toContain(item.compiler_version);
      }
    });

    it('/smart-contracts/{h}/audit-reports: none for a verified contract or its twin, 404 otherwise', () => {
      for (const account of chain.accounts) {
        const url = `/smart-contracts/${account.hash}/audit-reports`;
        const detail = get(`/smart-contracts/${account.hash}`);
        const verified =
          detail.status === 200 &&
          (JSON.parse(detail.body).is_verified === true ||
            JSON.parse(detail.body).verified_twin_address_hash !== undefined);
        const answer = get(url);
        expect(answer.status, url).toBe(verified ? 200 : 404);
        if (verified) expect(JSON.parse(answer.body)).toEqual({ items: [], next_page_params: null });
      }
      expect(get(`/smart-contracts/${chain.handles.verifiedTwinContract}/audit-reports`).status).toBe(200);
    });

    it('/smart-contracts/{h} of a delegated EOA (the Code tab): Blockscout its designator and delegate, the spec 404', () => {
      const delegated = chain.handles.delegatedAccount!;
      const answer = get(`/smart-contracts/${delegated}`);
      if (profile === 'spec') {
        expect(answer.status).toBe(404);
        return;
      }
      const { implementations } = json(`/addresses/${delegated}`);
      expect(implementations).toHaveLength(1);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({
        proxy_type: 'eip7702',
        implementations,
        conflicting_implementations: null,
        deployed_bytecode: `0xef0100${implementations[0].address_hash.slice(2).toLowerCase()}`,
        creation_bytecode: null,
        creation_status: 'success',
      });
    });

    it('/stats/charts/secondary-coin-market is empty: a plain chain has no second coin', () => {
      expect(json('/stats/charts/secondary-coin-market')).toEqual({ chart_data: [] });
    });
  });
});

describe('the stats service’s swagger.yaml (the /api-docs page’s Stats API tab)', () => {
  it('is a valid Swagger 2.0 document, in YAML, of exactly the routes the service answers', async () => {
    const handler = createHandler({ scenario: 'tiny', seed: 1, cache: false, profile: 'blockscout' });
    const response = await handler(new Request('http://mock/stats-service/api/v1/docs/swagger.yaml'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/x-yaml; charset=utf-8');
    const text = await response.text();
    expect(text.startsWith('swagger: "2.0"\n')).toBe(true);
    const validator = new Validator();
    const result = await validator.validate(text);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const document = validator.specification as Json;
    expect(document.swagger).toBe('2.0');
    for (const path of Object.keys(document.paths)) {
      const served = await handler(new Request(`http://mock/stats-service${path.replace('{name}', 'txnsGrowth')}`));
      expect(served.status, path).toBe(200);
    }
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/api/v1/counters',
        '/api/v1/lines',
        '/api/v1/lines/{name}',
        '/api/v1/pages/contracts',
        '/api/v1/pages/main',
        '/api/v1/pages/transactions',
        '/api/v1/update-status',
        '/health',
      ].sort(),
    );
  });
});
