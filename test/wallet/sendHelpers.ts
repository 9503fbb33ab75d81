import * as Hash from 'ox/Hash';
import * as Hex from 'ox/Hex';
import * as Rlp from 'ox/Rlp';
import * as Secp256k1 from 'ox/Secp256k1';
import { serializeTransaction } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { MockHandler } from '../../src/handler/createHandler.js';

type Json = Record<string, any>;

/** Calls the handler's node at /rpc. */
export async function rpc(
  handler: MockHandler,
  method: string,
  params: unknown[],
): Promise<{ status: number; json: Json }> {
  const response = await handler(
    new Request('http://mock/rpc', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    }),
  );
  return { status: response.status, json: (await response.json()) as Json };
}

/** The base fee a send must offer at least: the pending block's. */
export async function pendingBaseFee(handler: MockHandler): Promise<bigint> {
  return BigInt((await rpc(handler, 'eth_getBlockByNumber', ['pending', false])).json.result.baseFeePerGas);
}

export interface SendFields {
  readonly to?: Hex.Hex;
  readonly value?: bigint;
  readonly nonce?: number;
  readonly gas?: bigint;
  readonly data?: Hex.Hex;
  readonly maxFeePerGas?: bigint;
  readonly maxPriorityFeePerGas?: bigint;
  readonly chainId?: number;
  readonly type?: 'eip1559' | 'eip2930' | 'legacy';
}

/** A transaction signed with `key`, its nonce the sender's pending count and its fees generous unless given. */
export async function signed(handler: MockHandler, key: Hex.Hex, fields: SendFields = {}): Promise<Hex.Hex> {
  const account = privateKeyToAccount(key);
  const nonce =
    fields.nonce ??
    Number(BigInt((await rpc(handler, 'eth_getTransactionCount', [account.address, 'pending'])).json.result));
  const base = await pendingBaseFee(handler);
  const common = {
    chainId: fields.chainId ?? 31337,
    to: fields.to ?? '0x000000000000000000000000000000000000dEaD',
    value: fields.value ?? 1n,
    nonce,
    gas: fields.gas ?? 21_000n,
    ...(fields.data ? { data: fields.data } : {}),
  };
  const type = fields.type ?? 'eip1559';
  if (type === 'eip1559')
    return account.signTransaction({
      ...common,
      type,
      maxFeePerGas: fields.maxFeePerGas ?? 2n * base + 10n ** 9n,
      maxPriorityFeePerGas: fields.maxPriorityFeePerGas ?? 10n ** 9n,
    });
  return account.signTransaction({ ...common, type, gasPrice: fields.maxFeePerGas ?? 2n * base });
}

/** A transaction's bytes without a signature. */
export const unsigned = (fields: { to: Hex.Hex; nonce: number }) =>
  serializeTransaction({ chainId: 31337, type: 'eip1559', maxFeePerGas: 10n ** 10n, gas: 21_000n, ...fields });

/**
 * Signed bytes no careful library would make, for the node to refuse: an EIP-1559 transaction
 * whose tip is above its fee cap, and a legacy one without replay protection (v = 27 or 28).
 */
export function handMade(key: Hex.Hex, kind: 'tipAboveCap' | 'unprotectedLegacy'): Hex.Hex {
  const q = (n: bigint) => (n === 0n ? '0x' : Hex.fromNumber(n));
  const to = '0x000000000000000000000000000000000000dead';
  if (kind === 'tipAboveCap') {
    const fields = [q(31337n), q(0n), q(10n ** 10n), q(10n ** 9n), q(21_000n), to, q(1n), '0x', []] as const;
    const payload = Hash.keccak256(Hex.concat('0x02', Rlp.fromHex(fields as never)));
    const { r, s, yParity } = Secp256k1.sign({ payload, privateKey: key });
    return Hex.concat('0x02', Rlp.fromHex([...fields, q(BigInt(yParity)), q(r), q(s)] as never));
  }
  const fields = [q(0n), q(10n ** 10n), q(21_000n), to, q(1n), '0x'] as const;
  const { r, s, yParity } = Secp256k1.sign({ payload: Hash.keccak256(Rlp.fromHex(fields as never)), privateKey: key });
  return Rlp.fromHex([...fields, q(27n + BigInt(yParity)), q(r), q(s)] as never);
}
