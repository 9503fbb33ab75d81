import fc from 'fast-check';
import * as ContractAddress from 'ox/ContractAddress';
import { describe, expect, it } from 'vitest';
import { createHandler, type MockHandler } from '../../src/handler/createHandler.js';
import { agreementViolations } from '../support/agreementLaws.js';
import { chainViolations } from '../support/chainLaws.js';

type Json = Record<string, any>;

/** The codes a node answers a failing call or send with; -32603 (internal error) would be a bug. */
const CLIENT_CODES = new Set([-32000, -32602, 3]);

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const push = (n: number) => `60${n.toString(16).padStart(2, '0')}`;
const push2 = (n: number) => `61${n.toString(16).padStart(4, '0')}`;

const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const word = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hex);
const byte = fc.integer({ min: 0, max: 255 }).map((n) => n.toString(16).padStart(2, '0'));

/**
 * Pieces of code that do something a chain must record (stack-balanced, so they run one after
 * another): storage writes and reads, logs (one with Transfer's topic but not its shape),
 * calls with and without value to `targets` (generated tokens and accounts), creations, a
 * self-destruct, a revert, an invalid opcode, and random bytes.
 */
const piece = (targets: readonly string[]) =>
  fc.oneof(
    { arbitrary: working(targets), weight: 12 },
    {
      arbitrary: fc.oneof(
        fc.constantFrom(...targets).map((to) => `73${to.slice(2)}ff`), // SELFDESTRUCT
        fc.constant('60006000fd'), // REVERT
        fc.constant('fe'), // INVALID
        fc.uint8Array({ maxLength: 8 }).map(hex),
      ),
      weight: 1,
    },
  );

/** The pieces that run on to the next. */
const working = (targets: readonly string[]) =>
  fc.oneof(
    fc.tuple(byte, byte).map(([v, k]) => `60${v}60${k}55`), // SSTORE
    byte.map((k) => `60${k}5450`), // SLOAD POP
    fc.tuple(word).map(([w]) => `7f${w}600052`), // MSTORE
    fc.integer({ min: 0, max: 64 }).map((n) => `${push(n)}6000a0`), // LOG0
    // A LOG3 (not an ERC-20 Transfer: a contract that logs one without name, symbol and decimals
    // views is a token the explorer shows as "", "", 18 where Blockscout shows null: a known gap).
    fc.tuple(word, word, word).map(([a, b, c]) => `7f${a}7f${b}7f${c}60206000a3`),
    fc.tuple(word).map(([a]) => `7f${TRANSFER_TOPIC}7f${a}60206000a2`), // LOG2 with Transfer's topic
    fc
      .tuple(fc.constantFrom(...targets), fc.constantFrom('00', '01'), fc.integer({ min: 0, max: 68 }))
      .map(
        ([to, value, size]) => `6000600060${size.toString(16).padStart(2, '0')}600060${value}73${to.slice(2)}5af150`,
      ), // CALL POP
    fc.constant('600060006000f050'), // CREATE of nothing, POP
  );

const program = (targets: readonly string[]) =>
  fc.array(piece(targets), { maxLength: 8 }).map((p) => `${p.join('')}00`);

/**
 * Creation code: a constructor that runs pieces, then deploys runtime (a program, or random
 * bytes) by CODECOPY and RETURN; or random bytes run as a constructor.
 */
const creationCode = (targets: readonly string[]) =>
  fc.oneof(
    fc
      .tuple(
        program(targets),
        fc.oneof(
          { arbitrary: program(targets), weight: 3 },
          { arbitrary: fc.uint8Array({ minLength: 1, maxLength: 64 }).map(hex), weight: 1 },
        ),
      )
      .map(([constructor, runtime]) => {
        const body = constructor.slice(0, -2); // without its STOP
        // PUSH2 len PUSH2 at PUSH1 0 CODECOPY PUSH2 len PUSH1 0 RETURN (15 bytes), then the runtime.
        const len = push2(runtime.length / 2);
        return `0x${body}${len}${push2(body.length / 2 + 15)}600039${len}6000f3${runtime}`;
      }),
    fc.uint8Array({ maxLength: 48 }).map((bytes) => `0x${hex(bytes)}`),
  );

/** One thing a client does: deploy, call a deployed contract (or a generated one), simulate, mine. */
const action = (targets: readonly string[]) =>
  fc.oneof(
    fc.record({
      kind: fc.constant('deploy' as const),
      code: creationCode(targets),
      gas: fc.constantFrom(300_000, 1_000_000, 60_000),
    }),
    fc.record({
      kind: fc.constant('call' as const),
      target: fc.integer({ min: 0, max: 63 }),
      data: fc.uint8Array({ maxLength: 68 }).map((b) => `0x${hex(b)}`),
      value: fc.constantFrom(0n, 1n, 10n ** 15n),
      gas: fc.constantFrom(100_000, 300_000, 1_000_000, 25_000),
    }),
    fc.record({
      kind: fc.constant('simulate' as const),
      method: fc.constantFrom('eth_call', 'eth_estimateGas', 'debug_traceCall'),
      target: fc.integer({ min: 0, max: 63 }),
      data: fc.uint8Array({ maxLength: 68 }).map((b) => `0x${hex(b)}`),
    }),
    fc.constant({ kind: 'mine' as const }),
  );

/** A run: a deployment, then anything. */
const deployFirst = (targets: readonly string[]) =>
  fc
    .tuple(
      fc.record({ kind: fc.constant('deploy' as const), code: creationCode(targets), gas: fc.constant(1_000_000) }),
      fc.array(action(targets), { minLength: 2, maxLength: 10 }),
    )
    .map(([first, rest]) => [first, ...rest]);

/** A client of the handler's node: each answer a 200, any error one a client causes (never an internal error). */
function nodeOf(handler: MockHandler) {
  let id = 0;
  return async (method: string, params: unknown[]): Promise<Json> => {
    const response = await handler(
      new Request('http://mock/rpc', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      }),
    );
    expect(response.status, method).toBe(200);
    const body = (await response.json()) as Json;
    if (body.error) expect(CLIENT_CODES.has(body.error.code), `${method}: ${JSON.stringify(body.error)}`).toBe(true);
    return body;
  };
}

describe('random bytecode and call data, deployed and called by the test accounts, interleaved with mining', () => {
  it('no internal error; every chain law at every height and every agreement law at the end hold', async () => {
    const handler = createHandler({ scenario: 'tiny', seed: 1, cache: false, profile: 'blockscout' });
    const rpc = nodeOf(handler);
    const [from] = (await rpc('eth_accounts', [])).result as string[];
    const isAddress = (h: string) => /^0x[0-9a-fA-F]{40}$/.test(h);
    const generated = Object.values(handler.chain.handles).filter(isAddress).slice(0, 4);
    const targets = [...new Set([...Object.values(handler.chain.handles), from!])].filter(isAddress).slice(0, 12);
    const seen = { deployed: 0, ran: 0, failed: 0, codeRan: 0 };

    await fc.assert(
      fc.asyncProperty(deployFirst(targets), async (actions) => {
        handler.reset();
        const deployed: string[] = [];
        // Mostly what the run deployed, sometimes a generated contract or account.
        const targetOf = (n: number) =>
          deployed.length && n % 4 !== 3 ? deployed[n % deployed.length]! : generated[n % generated.length]!;
        for (const a of actions) {
          if (a.kind === 'mine') {
            await rpc('evm_mine', []);
          } else if (a.kind === 'deploy' || a.kind === 'call') {
            const tx =
              a.kind === 'deploy'
                ? { from, data: a.code, gas: `0x${a.gas.toString(16)}` }
                : {
                    from,
                    to: targetOf(a.target),
                    data: a.data,
                    value: `0x${a.value.toString(16)}`,
                    gas: `0x${a.gas.toString(16)}`,
                  };
            const sent = await rpc('eth_sendTransaction', [tx]);
            if (!sent.result) continue;
            const receipt = (await rpc('eth_getTransactionReceipt', [sent.result])).result;
            if (receipt?.status === '0x1') seen.ran++;
            if (receipt?.status === '0x1' && a.kind === 'call' && deployed.includes(String(tx.to))) seen.codeRan++;
            else seen.failed++;
            if (receipt?.contractAddress && receipt.status === '0x1') {
              deployed.push(receipt.contractAddress);
              seen.deployed++;
            }
            await rpc('debug_traceTransaction', [sent.result, { tracer: 'callTracer' }]);
          } else {
            const call = { from, to: targetOf(a.target), data: a.data };
            await rpc(
              a.method,
              a.method === 'debug_traceCall' ? [call, 'latest', { tracer: 'callTracer' }] : [call, 'latest'],
            );
          }
          const broken = chainViolations(handler.chain);
          expect(broken, broken.join('\n')).toEqual([]);
        }
        const { violations } = await agreementViolations(handler, {
          blocks: 4,
          transactionsPerBlock: 12,
          addresses: 12,
        });
        expect(violations, violations.join('\n')).toEqual([]);
      }),
      { numRuns: 16, seed: 31 },
    );
    // The runs did execute code: contracts deployed, their code called, sends that failed.
    expect(seen.deployed).toBeGreaterThan(10);
    expect(seen.codeRan).toBeGreaterThan(5);
    expect(seen.failed).toBeGreaterThan(10);
  }, 300_000);
});

/** What a client does to a node without automine: sends that may wait in the pool (for room, behind a gap), and mining. */
const pooledAction = (targets: readonly string[]) =>
  fc.oneof(
    fc.record({
      kind: fc.constant('deploy' as const),
      code: creationCode(targets),
      // The tiny chain's blocks hold 3,000,000 gas: the most waits for a block of its own.
      gas: fc.constantFrom(300_000, 1_000_000, 2_900_000),
      gap: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('call' as const),
      target: fc.integer({ min: 0, max: 63 }),
      data: fc.uint8Array({ maxLength: 68 }).map((b) => `0x${hex(b)}`),
      gas: fc.constantFrom(100_000, 1_000_000, 2_900_000),
      gap: fc.boolean(),
    }),
    fc.record({ kind: fc.constant('mine' as const), blocks: fc.integer({ min: 1, max: 3 }) }),
  );

type PooledAction = ReturnType<typeof pooledAction> extends fc.Arbitrary<infer T> ? T : never;

describe('the same, sent to a node without automine: sends wait in the pool and run on the EVM as blocks take them', () => {
  it('no internal error; every chain law at every height, every agreement law at the end, and the same sends give the same chain', async () => {
    const handler = createHandler({ scenario: 'tiny', seed: 1, cache: false, profile: 'blockscout', automine: false });
    const rpc = nodeOf(handler);
    const [from] = (await rpc('eth_accounts', [])).result as string[];
    const isAddress = (h: string) => /^0x[0-9a-fA-F]{40}$/.test(h);
    const targets = [...new Set([...Object.values(handler.chain.handles), from!])].filter(isAddress).slice(0, 12);
    const start = handler.chain.headHeight;
    const seen = { gapsMined: 0, bigMined: 0, codeCalled: 0 };

    /** Runs the actions from a reset; the chain mined since the start, as block hashes and statuses. */
    const run = async (actions: readonly PooledAction[]) => {
      handler.reset();
      const sent: { hash: string; action: PooledAction }[] = [];
      // The contracts the run's creations make (at their nonce's address, mined or not yet).
      const created: string[] = [];
      for (const a of actions) {
        if (a.kind === 'mine') await rpc('anvil_mine', [`0x${a.blocks.toString(16)}`]);
        else {
          const nonce = Number(BigInt((await rpc('eth_getTransactionCount', [from, 'pending'])).result));
          const at = nonce + (a.gap ? 1 : 0);
          // A call goes mostly to a contract the run created, sometimes to a generated one or an account.
          const toOf = (n: number) =>
            created.length && n % 4 !== 3 ? created[n % created.length]! : targets[n % targets.length]!;
          const code = a.kind === 'deploy' ? { data: a.code } : { to: toOf(a.target), data: a.data };
          const result = (
            await rpc('eth_sendTransaction', [
              { from, ...code, gas: `0x${a.gas.toString(16)}`, nonce: `0x${at.toString(16)}` },
            ])
          ).result as string | undefined;
          if (result) sent.push({ hash: result, action: a });
          if (result && a.kind === 'deploy')
            created.push(ContractAddress.fromCreate({ from: from as `0x${string}`, nonce: BigInt(at) }).toLowerCase());
        }
        const broken = chainViolations(handler.chain);
        expect(broken, broken.join('\n')).toEqual([]);
      }
      await rpc('anvil_mine', ['0x3']);
      for (const { hash, action } of sent) {
        const receipt = (await rpc('eth_getTransactionReceipt', [hash])).result;
        if (!receipt || action.kind === 'mine') continue;
        if (action.gap) seen.gapsMined++;
        if (action.gas > 2_000_000) seen.bigMined++;
        if (action.kind === 'call' && created.includes(String(receipt.to).toLowerCase())) seen.codeCalled++;
      }
      const chain = handler.chain;
      const mined = [];
      for (let h = start + 1; h <= chain.headHeight; h++) mined.push(chain.blocks.at(h)!.hash);
      return JSON.stringify(mined);
    };

    await fc.assert(
      fc.asyncProperty(fc.array(pooledAction(targets), { minLength: 3, maxLength: 10 }), async (actions) => {
        const first = await run(actions);
        const { violations } = await agreementViolations(handler, {
          blocks: 6,
          transactionsPerBlock: 12,
          addresses: 12,
        });
        expect(violations, violations.join('\n')).toEqual([]);
        expect(await run(actions)).toBe(first);
      }),
      { numRuns: 8, seed: 37 },
    );
    // Sends queued behind a gap and sends that waited for a block with room were mined; calls ran code the runs created.
    expect(seen.gapsMined).toBeGreaterThan(3);
    expect(seen.bigMined).toBeGreaterThan(3);
    expect(seen.codeCalled).toBeGreaterThan(3);
  }, 300_000);
});
