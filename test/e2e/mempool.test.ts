import { describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { createHandler } from '../../src/handler/createHandler.js';
import { PROFILES } from '../../src/schemas/profile.js';
import { expectValidResponse } from '../support/expectValid.js';
import { droppedTransactions, replacementAt } from '../../src/domain/replacements.js';
import { factsOf } from '../../src/domain/facts.js';
import { walkPagesAsync } from '../../src/rest/walkPages.js';

type Json = Record<string, any>;

for (const profile of PROFILES) {
  describe(`the mempool, profile ${profile}`, () => {
    it('holds the next block’s transactions as pending; once mined, the same hashes are served mined', async () => {
      const handler = createHandler({ scenario: 'tiny', seed: 5, cache: false, profile });
      const get = async (url: string) => {
        const response = await handler(new Request(`http://mock${url}`));
        const body = await response.text();
        expectValidResponse(url, response.status, body, profile);
        return { status: response.status, json: JSON.parse(body) as Json };
      };
      const next = buildChain({ scenario: 'tiny', seed: 5, head: 49 });
      const block = next.blocks.at(49)!;
      const expected = Array.from(
        { length: block.transactionCount },
        (_, k) => next.transactions.at(block.transactionStart + k)!,
      ).reverse();
      expect(expected.length).toBeGreaterThan(0);

      const pending = (await get('/api/v2/transactions?filter=pending')).json;
      // The next block's transactions, and a cheaper competitor of one of them when the seed draws one.
      const loser = replacementAt(next, 49)!;
      expect(loser).toBeDefined(); // seed 5 draws one at block 49
      const withLoser = expected.flatMap((t) => [
        t.hash,
        ...(next.transactions.at(loser.original)!.hash === t.hash ? [loser.hash] : []),
      ]);
      expect((pending.items as Json[]).map((t) => t.hash)).toEqual(withLoser);
      for (const t of pending.items as Json[])
        expect(t).toMatchObject({
          result: 'pending',
          status: null,
          block_number: null,
          confirmations: 0,
          fee: { type: 'maximum' },
        });
      expect((await get('/api/v2/transactions/stats')).json.pending_transactions_count).toBe(String(withLoser.length));

      const hash = expected[0]!.hash;
      const waiting = await get(`/api/v2/transactions/${hash}`);
      expect(waiting.status).toBe(200);
      expect(waiting.json).toMatchObject({ hash, result: 'pending', block_number: null, gas_used: null });
      expect(BigInt(waiting.json.fee.value)).toBe(BigInt(waiting.json.gas_limit) * BigInt(waiting.json.gas_price));

      // The sender's list: in the Blockscout profile its pending transactions come first, pages stay 50 long.
      const sender = next.accounts[expected[0]!.fromId]!;
      const walk = async () => {
        const pages = await walkPagesAsync(
          async (url) => ({ status: 200, body: JSON.stringify((await get(url)).json) }),
          `/api/v2/addresses/${sender.hash}/transactions`,
        );
        for (const { page } of pages.slice(0, -1)) expect(page!.items).toHaveLength(50);
        return pages.flatMap(({ page }) => page!.items as Json[]);
      };
      const listed = await walk();
      const own = withLoser.filter((h) =>
        (pending.items as Json[]).some((t) => t.hash === h && [t.from.hash, t.to?.hash].includes(sender.hash)),
      );
      const minedCount = handler.chain.indexes.at(sender.id)!.transactions.length;
      if (profile === 'blockscout') {
        expect(listed.slice(0, own.length).map((t) => t.hash)).toEqual(own);
        expect(listed.slice(0, own.length).every((t) => t.result === 'pending')).toBe(true);
        expect(listed.length).toBe(own.length + minedCount);
      } else expect(listed.length).toBe(minedCount);
      expect(new Set(listed.map((t) => t.hash)).size).toBe(listed.length);

      expect(handler.mine()).toBe(49);
      const mined = await get(`/api/v2/transactions/${hash}`);
      expect(mined.json).toMatchObject({ hash, block_number: 49, status: expected[0]!.status });
      expect(mined.json.result).not.toBe('pending');
      const after = (await get('/api/v2/transactions?filter=pending')).json.items as Json[];
      expect(after.map((t) => t.hash)).not.toContain(hash);
      expect(after.every((t) => t.block_number === null)).toBe(true);
      const dropped = await get(`/api/v2/transactions/${loser.hash}`);
      expect(dropped.json).toMatchObject({
        hash: loser.hash,
        result: 'dropped/replaced',
        block_number: null,
        nonce: next.transactions.at(loser.original)!.nonce,
      });
    });

    it('at every height mined to, each sender’s pending nonces go on from its mined ones: no gap, no reuse (a competitor shares its rival’s)', async () => {
      const handler = createHandler({ scenario: 'tiny', seed: 8, cache: false, profile });
      const get = async (url: string) => (await (await handler(new Request(`http://mock${url}`))).json()) as Json;
      for (let round = 0; round < 6; round++) {
        const { chain } = handler;
        // Each account's nonce at the head: its transactions, and the EIP-7702 authorizations it signed that applied.
        const sent = new Map<string, number>(chain.accounts.map((a) => [a.lower, a.nonce]));
        const pending = (
          await walkPagesAsync(
            async (url) => ({ status: 200, body: JSON.stringify(await get(url)) }),
            '/api/v2/transactions?filter=pending',
          )
        ).flatMap(({ page }) => page!.items as Json[]);
        const nonces = new Map<string, Set<number>>();
        for (const t of pending) {
          const from = (t.from.hash as string).toLowerCase();
          if (!nonces.has(from)) nonces.set(from, new Set());
          nonces.get(from)!.add(t.nonce as number);
        }
        for (const [from, set] of nonces) {
          const first = sent.get(from) ?? 0;
          expect([...set].sort((a, b) => a - b)).toEqual(Array.from({ length: set.size }, (_, k) => first + k));
        }
        await handler.mine(1 + round);
      }
    });

    it('a cheaper competitor of a mined transaction is served dropped/replaced, with its sender and nonce', async () => {
      const handler = createHandler({ scenario: 'tiny', seed: 5, cache: false, profile });
      const chain = handler.chain;
      const dropped = [...droppedTransactions(factsOf(chain))];
      expect(dropped.length).toBeGreaterThan(3);
      for (const [hash, original] of dropped.slice(0, 5)) {
        const response = await handler(new Request(`http://mock/api/v2/transactions/${hash}`));
        const body = await response.text();
        expectValidResponse(`/api/v2/transactions/${hash}`, response.status, body, profile);
        const winner = chain.transactions.at(original)!;
        expect(JSON.parse(body)).toMatchObject({
          hash,
          result: 'dropped/replaced',
          status: null,
          nonce: winner.nonce,
          value: String(winner.value),
        });
      }
    });
  });
}
