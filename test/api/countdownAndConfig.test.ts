import { beforeAll, describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { createChainApp, loadAnswerModules } from '../../src/app/chainApp.js';
import { createApi } from '../../src/app/createApi.js';
import { elixirFloat } from '../../src/domain/elixirFloat.js';
import { collectItems, getUrl } from '../../src/rest/walkPages.js';
import { PROFILES } from '../../src/schemas/profile.js';
import { expectValidResponse } from '../support/expectValid.js';

const chain = buildChain({ scenario: 'tiny', seed: 1 });

for (const profile of PROFILES)
  describe(`countdown, config and the internal transactions filter, profile ${profile}`, () => {
    const api = createApi(chain, { profile });
    const get = (url: string) => {
      const answer = getUrl(api, `/api/v2${url}`);
      expectValidResponse(`/api/v2${url}`, answer.status, answer.body, profile);
      return { status: answer.status, body: JSON.parse(answer.body) };
    };
    const app = createChainApp(chain, { profile });
    beforeAll(() => loadAnswerModules());
    const etherscan = (url: string) => {
      const { body } = app.answer({ method: 'GET', url, header: () => undefined });
      return JSON.parse(new TextDecoder().decode(body as Uint8Array));
    };

    it('/blocks/{height}/countdown: strings from the head and the average block time, as the Etherscan API’s countdown', () => {
      const averageSeconds = get('/stats').body.average_block_time / 1000;
      for (const ahead of [1, 7, 100, 123_456]) {
        const target = chain.headHeight + ahead;
        const { status, body } = get(`/blocks/${target}/countdown`);
        expect(status).toBe(200);
        expect(body).toEqual({
          current_block_number: String(chain.headHeight),
          countdown_block_number: String(target),
          remaining_blocks_count: String(ahead),
          estimated_time_in_seconds: elixirFloat(Math.round(ahead * averageSeconds * 10) / 10),
        });
        const { result } = etherscan(`/api?module=block&action=getblockcountdown&blockno=${target}`);
        expect([result.CurrentBlock, result.RemainingBlock, result.EstimateTimeInSec]).toEqual([
          body.current_block_number,
          body.remaining_blocks_count,
          body.estimated_time_in_seconds,
        ]);
      }
    });

    it('404 once the block is mined; 422 for what is no block number', () => {
      for (const height of [chain.headHeight, 0, 5])
        expect(get(`/blocks/${height}/countdown`)).toEqual({
          status: 404,
          body: { message: 'Block number already mined' },
        });
      for (const bad of ['x', '-1', '1.5', chain.blocks.at(3)!.hash, '99999999999999999999']) {
        const { status, body } = get(`/blocks/${bad}/countdown`);
        expect(status, bad).toBe(422);
        expect(body.errors[0].source.pointer).toBe('/block_number_param');
      }
    });

    it('/config/*: the explorer’s configuration of an Ethereum chain (its chain type, for its blobs) with synchronous CSV exports', () => {
      expect(get('/config/csv-export').body).toEqual({ limit: 10000, async_enabled: false });
      expect(get('/config/backend').body).toEqual({ chain_type: 'ethereum', openapi_spec_folder_name: 'default' });
      expect(get('/config/smart-contracts/languages').body).toEqual({
        languages: ['solidity', 'vyper', 'yul', 'geas'],
      });
      const indexer = get('/config/indexer').body;
      expect(Object.keys(indexer).sort()).toEqual([
        'block_reward_fetcher_enabled',
        'indexer_enabled',
        'internal_transactions_fetcher_enabled',
        'pending_transactions_fetcher_enabled',
        'token_instance_retry_fetcher_enabled',
        'token_instance_sanitize_fetcher_enabled',
      ]);
      expect(Object.values(indexer).every((v) => v === true)).toBe(true);
      expect(get('/config/backend-version').body.backend_version).toMatch(/^v11\./);
    });

    it('/internal-transactions?transaction_hash= lists that transaction’s internal transactions only', () => {
      const tx = [...chain.transactions].find((t) => t.internalCount > 1)!;
      const items = collectItems(
        (url) => getUrl(api, url),
        `/api/v2/internal-transactions?transaction_hash=${tx.hash.toUpperCase().replace('0X', '0x')}`,
      ) as { transaction_hash: string; index: number }[];
      expect(items.map((i) => i.transaction_hash)).toEqual(Array(tx.internalCount).fill(tx.hash));
      expect(items.map((i) => i.index)).toEqual(
        collectItems((url) => getUrl(api, url), `/api/v2/transactions/${tx.hash}/internal-transactions`)
          .map((i) => (i as { index: number }).index)
          .sort((a, b) => b - a),
      );
      expect(get(`/internal-transactions?transaction_hash=0x${'ab'.repeat(32)}`).body).toEqual({
        items: [],
        next_page_params: null,
      });
      // Blockscout v11 validates the parameter against its FullHash schema first.
      expect(get('/internal-transactions?transaction_hash=0x12').status).toBe(422);
    });
  });
