import { keccak256, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/handler/createHandler.js';
import { KEY0, KEY1 } from './support.js';
import { handMade, rpc, signed, unsigned } from './sendHelpers.js';

const UNFUNDED = '0x1111111111111111111111111111111111111111111111111111111111111111' as Hex;

describe('bad sends: a JSON-RPC error naming the problem, never a 5xx, and the chain unchanged', () => {
  it('refuses each with the text common nodes give', async () => {
    const handler = createHandler({ scenario: 'tiny', seed: 3, cache: false, automine: true });
    const mined = await signed(handler, KEY0);
    expect((await rpc(handler, 'eth_sendRawTransaction', [mined])).json.result).toBe(keccak256(mined));
    const snapshot = async () =>
      Promise.all(
        [
          '/api/v2/blocks',
          '/api/v2/transactions?filter=pending',
          `/api/v2/addresses/${privateKeyToAccount(KEY0).address}`,
          `/api/v2/addresses/${privateKeyToAccount(KEY1).address}`,
          '/__mock/scenario',
        ].map(async (url) => (await handler(new Request(`http://mock${url}`))).text()),
      );
    const before = await snapshot();
    const cases: [string, unknown[], RegExp][] = [
      ['eth_sendRawTransaction', ['0x'], /typed transaction too short/],
      ['eth_sendRawTransaction', ['0xzz'], /invalid argument 0/],
      ['eth_sendRawTransaction', [42], /invalid argument 0/],
      ['eth_sendRawTransaction', [], /missing value for required argument 0/],
      ['eth_sendRawTransaction', ['0x1234'], /transaction type not supported/],
      ['eth_sendRawTransaction', ['0xc0'], /does not decode/],
      ['eth_sendRawTransaction', ['0x02c0'], /does not decode/],
      // A blob transaction's type (3) is taken since EIP-4844: these bytes are one that does not decode.
      ['eth_sendRawTransaction', ['0x03f8'], /does not decode/],
      ['eth_sendRawTransaction', ['0x05f8'], /transaction type not supported/],
      ['eth_sendRawTransaction', [`0x${'ff'.repeat(200_000)}`], /oversized data/],
      ['eth_sendRawTransaction', [unsigned({ to: '0x000000000000000000000000000000000000dEaD', nonce: 1 })], /v, r, s/],
      ['eth_sendRawTransaction', [mined], /nonce too low: next nonce 1, tx nonce 0/],
      [
        'eth_sendRawTransaction',
        [await signed(handler, KEY0, { chainId: 1 })],
        /invalid chain id for signer: have 1 want 31337/,
      ],
      [
        'eth_sendRawTransaction',
        [await signed(handler, KEY0, { nonce: 500 })],
        /nonce too high: next nonce 1, tx nonce 500/,
      ],
      ['eth_sendRawTransaction', [await signed(handler, KEY0, { gas: 50_000_000n })], /exceeds block gas limit/],
      [
        'eth_sendRawTransaction',
        [await signed(handler, KEY0, { gas: 20_000n })],
        /intrinsic gas too low: gas 20000, minimum needed 21000/,
      ],
      [
        'eth_sendRawTransaction',
        [await signed(handler, KEY0, { maxFeePerGas: 1n, maxPriorityFeePerGas: 1n })],
        /max fee per gas less than block base fee/,
      ],
      [
        'eth_sendRawTransaction',
        [handMade(KEY0, 'tipAboveCap')],
        /max priority fee per gas higher than max fee per gas/,
      ],
      [
        'eth_sendRawTransaction',
        [handMade(KEY0, 'unprotectedLegacy')],
        /only replay-protected \(EIP-155\) transactions allowed over RPC/,
      ],
      [
        'eth_sendRawTransaction',
        [await signed(handler, KEY0, { value: 10n ** 30n })],
        /insufficient funds for gas \* price \+ value: balance \d+, tx cost \d+, overshot \d+/,
      ],
      [
        'eth_sendRawTransaction',
        [await signed(handler, UNFUNDED, { nonce: 0 })],
        /insufficient funds for gas \* price \+ value: balance 0/,
      ],
      [
        'eth_sendTransaction',
        [{ from: privateKeyToAccount(UNFUNDED).address, to: '0x000000000000000000000000000000000000dEaD' }],
        /unknown account/,
      ],
      [
        'eth_sendTransaction',
        [{ from: privateKeyToAccount(KEY1).address, data: `0x${'00'.repeat(49_153)}`, gas: '0x200000' }],
        /max initcode size exceeded: code size 49153, limit 49152/,
      ],
      ['eth_sendTransaction', [{ to: '0x000000000000000000000000000000000000dEaD' }], /from is required/],
      ['eth_sendTransaction', ['0x12'], /cannot unmarshal/],
    ];
    for (const [method, params, message] of cases) {
      const { status, json } = await rpc(handler, method, params);
      expect(status, `${method} ${JSON.stringify(params).slice(0, 80)}`).toBe(200);
      expect(json.error, `${method} ${JSON.stringify(params).slice(0, 80)}`).toBeDefined();
      expect(json.error.code).not.toBe(-32603);
      expect(json.error.message).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a replay of a waiting transaction is "already known"; a second with its nonce is not a replacement', async () => {
    const handler = createHandler({ scenario: 'tiny', seed: 3, cache: false, automine: false });
    const first = await signed(handler, KEY1, { nonce: 0 });
    expect((await rpc(handler, 'eth_sendRawTransaction', [first])).json.result).toBe(keccak256(first));
    expect((await rpc(handler, 'eth_sendRawTransaction', [first])).json.error.message).toBe('already known');
    const other = await signed(handler, KEY1, { nonce: 0, value: 2n });
    expect((await rpc(handler, 'eth_sendRawTransaction', [other])).json.error.message).toMatch(
      /replacement transaction underpriced/,
    );
    handler.mine(1);
    expect((await rpc(handler, 'eth_sendRawTransaction', [first])).json.error.message).toMatch(/nonce too low/);
  });

  it('types 0, 1 and 2 are each accepted, mined and shown with their own signature and type', async () => {
    const handler = createHandler({ scenario: 'tiny', seed: 3, cache: false });
    for (const [type, number] of [
      ['legacy', '0x0'],
      ['eip2930', '0x1'],
      ['eip1559', '0x2'],
    ] as const) {
      const raw = await signed(handler, KEY1, { type });
      const hash = (await rpc(handler, 'eth_sendRawTransaction', [raw])).json.result as string;
      expect(hash).toBe(keccak256(raw));
      const tx = (await rpc(handler, 'eth_getTransactionByHash', [hash])).json.result;
      expect(tx.type).toBe(number);
      expect(tx.from).toBe(privateKeyToAccount(KEY1).address.toLowerCase());
      expect(tx.blockNumber).not.toBeNull();
      const rest = (await (await handler(new Request(`http://mock/api/v2/transactions/${hash}`))).json()) as Record<
        string,
        unknown
      >;
      expect(rest.type).toBe(Number(number));
      expect(rest.raw_input).toBe('0x');
    }
  });
});
