import fc from 'fast-check';
import { privateKeyToAccount } from 'viem/accounts';
import { encodeFunctionData, erc20Abi, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { createHandler, type MockHandler } from '../../src/handler/createHandler.js';
import { loadScenario } from '../../scenarios/loadScenario.js';
import { chainViolations } from '../support/chainLaws.js';
import { agreementViolations } from '../support/agreementLaws.js';
import { fullWalk } from '../support/fullWalk.js';
import { KEY0, KEY1, walletScenarioFile } from './support.js';
import { rpc, signed } from './sendHelpers.js';

const KEYS: readonly Hex[] = [
  KEY0,
  KEY1,
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
];
const DEAD = '0x000000000000000000000000000000000000dEaD';

type Action =
  | { readonly kind: 'mine'; readonly blocks: number }
  | {
      readonly kind: 'coin' | 'tooMuch' | 'lowGas' | 'gap' | 'replay' | 'token' | 'tokenTooMuch';
      readonly key: number;
      readonly to: number;
      readonly amount: bigint;
    };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('mine' as const), blocks: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    kind: fc.constantFrom('coin', 'tooMuch', 'lowGas', 'gap', 'replay', 'token', 'tokenTooMuch'),
    key: fc.integer({ min: 0, max: KEYS.length - 1 }),
    to: fc.integer({ min: 0, max: KEYS.length }),
    amount: fc.bigInt({ min: 1n, max: 10n ** 20n }),
  }),
);

/** Sends one action's transaction; whether the node accepted it. */
async function send(handler: MockHandler, a: Exclude<Action, { kind: 'mine' }>, token: Hex, last: Map<number, Hex>) {
  const key = KEYS[a.key]!;
  const to = a.to === KEYS.length ? DEAD : privateKeyToAccount(KEYS[a.to]!).address;
  const pending = Number(
    BigInt((await rpc(handler, 'eth_getTransactionCount', [privateKeyToAccount(key).address, 'pending'])).json.result),
  );
  let raw: Hex;
  switch (a.kind) {
    case 'coin':
      raw = await signed(handler, key, { to, value: a.amount });
      break;
    case 'tooMuch':
      raw = await signed(handler, key, { to, value: 10n ** 30n });
      break;
    case 'lowGas':
      raw = await signed(handler, key, { to, gas: 20_999n });
      break;
    case 'gap':
      raw = await signed(handler, key, { to, nonce: pending + 1 });
      break;
    case 'replay':
      raw = last.get(a.key) ?? (await signed(handler, key, { to, gas: 1n }));
      break;
    case 'token':
    case 'tokenTooMuch':
      raw = await signed(handler, key, {
        to: token,
        value: 0n,
        gas: 80_000n,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [to, a.kind === 'token' ? a.amount % 10_000_000n : 10n ** 40n],
        }),
      });
  }
  const { status, json } = await rpc(handler, 'eth_sendRawTransaction', [raw]);
  expect(status).toBe(200);
  expect(json.error?.code ?? 0).not.toBe(-32603);
  if (json.result) last.set(a.key, raw);
  return json.result !== undefined;
}

describe('sends keep every chain law', () => {
  it('random valid and invalid sends from the test accounts, mined between, leave a coherent chain at every height', async () => {
    const scenario = await loadScenario(walletScenarioFile());
    const outcomes = { accepted: 0, refused: 0, tokenMoves: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 2, maxLength: 14 }), fc.boolean(), async (actions, automine) => {
        const handler = createHandler({ scenario, seed: 4, cache: false, automine });
        const token = handler.chain.handles.TUSD as Hex;
        const last = new Map<number, Hex>();
        for (const a of actions) {
          if (a.kind === 'mine') handler.mine(a.blocks);
          else {
            const accepted = await send(handler, a, token, last);
            outcomes[accepted ? 'accepted' : 'refused']++;
            if (a.kind === 'tooMuch' || a.kind === 'lowGas') expect(accepted).toBe(false);
            if (a.kind === 'coin' && a.amount < 10n ** 18n) expect(accepted).toBe(true);
          }
          expect(chainViolations(handler.chain)).toEqual([]);
        }
        handler.mine(1);
        expect(chainViolations(handler.chain)).toEqual([]);
        const alice = handler.chain.accountByHash.get(handler.chain.handles.alice!.toLowerCase())!;
        outcomes.tokenMoves += handler.chain.indexes.at(alice)!.tokenTransfers.length - 1;
      }),
      { numRuns: 12, seed: 23 },
    );
    // The runs did send: some accepted, some refused, some tokens moved.
    expect(outcomes.accepted).toBeGreaterThan(10);
    expect(outcomes.refused).toBeGreaterThan(5);
    expect(outcomes.tokenMoves).toBeGreaterThan(0);
  }, 120_000);
});

describe('sent transactions keep the node and the explorer in agreement', () => {
  it('each type, a token transfer and a failing one, mined at the head: every agreement law holds', async () => {
    const scenario = await loadScenario(walletScenarioFile());
    const handler = createHandler({ scenario, seed: 5, cache: false, profile: 'blockscout' });
    const token = handler.chain.handles.TUSD as Hex;
    const transfer = (amount: bigint) =>
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DEAD, amount] });
    // Signed one at a time: each takes its sender's nonce after the last was mined.
    const sends: (() => Promise<Hex>)[] = [
      () => signed(handler, KEY0, { type: 'legacy', value: 3n }),
      () => signed(handler, KEY1, { type: 'eip2930', value: 4n }),
      () => signed(handler, KEY0, { to: token, value: 0n, gas: 80_000n, data: transfer(5n) }),
      () => signed(handler, KEY1, { to: token, value: 0n, gas: 80_000n, data: transfer(10n ** 30n) }),
    ];
    let checked = 0;
    for (const sign of sends) {
      const raw = await sign();
      expect((await rpc(handler, 'eth_sendRawTransaction', [raw])).json.result).toBeDefined();
      // Automine: the send is the head block's, which every sample compares.
      const { violations, checked: n } = await agreementViolations(handler, { blocks: 1, transactionsPerBlock: 100 });
      expect(violations).toEqual([]);
      checked += n;
    }
    expect(checked).toBeGreaterThan(400);
  }, 120_000);
});

describe('the chain is a function of the scenario, the seed and what was sent', () => {
  it('two servers given the same sends answer byte-identically; a fresh one, or one reset, never sees them', async () => {
    const make = (cache: false | undefined) =>
      createHandler({ scenario: 'tiny', seed: 6, automine: false, ...(cache === false ? { cache } : {}) });
    const a = make(false);
    const b = make(undefined);
    for (const handler of [a, b]) {
      for (const key of [KEY0, KEY1])
        await rpc(handler, 'eth_sendRawTransaction', [await signed(handler, key, { value: 7n })]);
      handler.mine(1);
      await rpc(handler, 'eth_sendTransaction', [{ from: privateKeyToAccount(KEY1).address, to: DEAD, value: '0x5' }]);
      await rpc(handler, 'eth_sendRawTransaction', [await signed(handler, KEY0, { gas: 1n })]);
      handler.mine(2);
    }
    const walk = async (handler: MockHandler) =>
      (
        await fullWalk(async (url) => {
          const response = await handler(new Request(`http://mock${url}`));
          return { status: response.status, body: await response.text() };
        }, handler.chain)
      ).digest;
    const sentDigest = await walk(a);
    expect(await walk(b)).toBe(sentDigest);
    // A fresh handler (from the snapshot cache b wrote) and one reset are the chain without the sends.
    const fresh = make(undefined);
    fresh.mine(3);
    const freshDigest = await walk(fresh);
    expect(freshDigest).not.toBe(sentDigest);
    a.reset();
    a.mine(3);
    expect(await walk(a)).toBe(freshDigest);
  }, 120_000);
});
