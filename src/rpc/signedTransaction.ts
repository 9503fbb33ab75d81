import * as Hash from 'ox/Hash';
import * as Secp256k1 from 'ox/Secp256k1';
import * as TxEnvelopeEip1559 from 'ox/TxEnvelopeEip1559';
import * as TxEnvelopeEip2930 from 'ox/TxEnvelopeEip2930';
import * as TxEnvelopeLegacy from 'ox/TxEnvelopeLegacy';
import type { SentTransaction } from '../../generators/buildChain.js';
import type { Hex } from '../chain/types.js';
import { serverError } from './rpcError.js';
import { senderOf } from './senderOf.js';

type Envelope =
  | TxEnvelopeLegacy.TxEnvelopeLegacy
  | TxEnvelopeEip2930.TxEnvelopeEip2930
  | TxEnvelopeEip1559.TxEnvelopeEip1559;

/** secp256k1's group order n. */
const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** The largest signed transaction a node takes (geth's txMaxSize, 128 KiB). */
const MAX_SIZE = 128 * 1024;

/** ox's complaints about a transaction's fields, in geth's words. */
function decodeProblem(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name.endsWith('TipAboveFeeCapError')) return 'max priority fee per gas higher than max fee per gas';
  if (name.endsWith('FeeCapTooHighError')) return 'max fee per gas higher than 2^256-1';
  if (name.endsWith('GasPriceTooHighError')) return 'gas price higher than 2^256-1';
  const short = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : '';
  return `invalid transaction: the signed payload does not decode (${short.split('\n')[0]!.slice(0, 200)})`;
}

function deserialize(raw: Hex): Envelope {
  const first = Number.parseInt(raw.slice(2, 4), 16);
  if (first >= 0xc0) return TxEnvelopeLegacy.deserialize(raw);
  if (first === 1) return TxEnvelopeEip2930.deserialize(raw as TxEnvelopeEip2930.Serialized);
  if (first === 2) return TxEnvelopeEip1559.deserialize(raw as TxEnvelopeEip1559.Serialized);
  throw serverError(
    first <= 0x7f ? 'transaction type not supported' : 'invalid transaction: not an RLP list or a typed envelope',
  );
}

const signPayload = (envelope: Envelope): Hex =>
  envelope.type === 'legacy'
    ? TxEnvelopeLegacy.getSignPayload(envelope)
    : envelope.type === 'eip2930'
      ? TxEnvelopeEip2930.getSignPayload(envelope)
      : TxEnvelopeEip1559.getSignPayload(envelope);

/**
 * A signed transaction's bytes, decoded and its sender recovered (legacy, EIP-2930, EIP-1559), or
 * the node's error naming what is wrong: a payload that does not decode, a type it does not take,
 * no signature, another chain's id, a legacy transaction without replay protection.
 */
export function decodeSigned(raw: Hex, chainId: number): SentTransaction {
  if (raw.length <= 2) throw serverError('typed transaction too short');
  if ((raw.length - 2) / 2 > MAX_SIZE) throw serverError('oversized data');
  let envelope: Envelope;
  try {
    envelope = deserialize(raw);
  } catch (error) {
    if (error instanceof Error && error.name === 'RpcError') throw error;
    throw serverError(decodeProblem(error));
  }
  // Signed, and not malleable: s in the lower half of the curve order (EIP-2), as geth requires.
  if (
    envelope.r === undefined ||
    envelope.s === undefined ||
    envelope.yParity === undefined ||
    envelope.r === 0n ||
    envelope.s === 0n ||
    envelope.r >= CURVE_ORDER ||
    envelope.s > CURVE_ORDER / 2n
  )
    throw serverError('invalid transaction v, r, s values');
  if (envelope.type === 'legacy' && envelope.chainId === undefined)
    throw serverError('only replay-protected (EIP-155) transactions allowed over RPC');
  if (envelope.chainId !== chainId)
    throw serverError(`invalid chain id for signer: have ${envelope.chainId} want ${chainId}`);
  const yParity = envelope.yParity;
  let from: string;
  try {
    from = senderOf(signPayload(envelope), { r: envelope.r, s: envelope.s, yParity });
  } catch {
    throw serverError('invalid sender');
  }
  const gas = envelope.gas ?? 0n;
  if (gas > BigInt(Number.MAX_SAFE_INTEGER)) throw serverError('exceeds block gas limit');
  if ((envelope.nonce ?? 0n) >= 2n ** 64n - 1n) throw serverError('nonce has max value');
  const legacyPrice = envelope.type === 'eip1559' ? undefined : (envelope.gasPrice ?? 0n);
  const accessList = envelope.type === 'legacy' ? [] : (envelope.accessList ?? []);
  return {
    hash: Hash.keccak256(raw),
    from,
    to: envelope.to ? envelope.to.toLowerCase() : null,
    nonce: Number(envelope.nonce ?? 0n),
    value: envelope.value ?? 0n,
    gasLimit: Number(gas),
    type: envelope.type === 'legacy' ? 0 : envelope.type === 'eip2930' ? 1 : 2,
    maxFeePerGas: legacyPrice ?? (envelope as TxEnvelopeEip1559.TxEnvelopeEip1559).maxFeePerGas ?? 0n,
    maxPriorityFeePerGas: legacyPrice ?? (envelope as TxEnvelopeEip1559.TxEnvelopeEip1559).maxPriorityFeePerGas ?? 0n,
    signed: {
      input: envelope.data ?? envelope.input ?? '0x',
      accessList: accessList.map((entry) => ({
        address: entry.address.toLowerCase() as Hex,
        storageKeys: entry.storageKeys.map((key) => key.toLowerCase() as Hex),
      })),
      r: envelope.r,
      s: envelope.s,
      yParity: yParity === 1 ? 1 : 0,
      v: envelope.type === 'legacy' ? BigInt(envelope.v ?? chainId * 2 + 35 + yParity) : BigInt(yParity),
    },
  };
}

/** A transaction the node signs for one of its accounts (`eth_sendTransaction`), as its signed bytes. */
export function signTransaction(
  fields: {
    readonly to: string;
    readonly nonce: number;
    readonly value: bigint;
    readonly gas: number;
    readonly data: Hex;
    readonly chainId: number;
    readonly fees:
      | { readonly gasPrice: bigint }
      | { readonly maxFeePerGas: bigint; readonly maxPriorityFeePerGas: bigint };
    /** An access list: with a gas price the transaction is EIP-2930, else EIP-1559. */
    readonly accessList?: readonly { readonly address: Hex; readonly storageKeys: readonly Hex[] }[];
  },
  privateKey: Hex,
): Hex {
  const common = {
    chainId: fields.chainId,
    to: fields.to as Hex,
    nonce: BigInt(fields.nonce),
    value: fields.value,
    gas: BigInt(fields.gas),
    data: fields.data,
  };
  const accessList = fields.accessList?.length
    ? { accessList: fields.accessList.map((e) => ({ address: e.address, storageKeys: [...e.storageKeys] })) }
    : undefined;
  if ('gasPrice' in fields.fees && accessList) {
    const envelope = TxEnvelopeEip2930.from({ ...common, gasPrice: fields.fees.gasPrice, ...accessList });
    const signature = Secp256k1.sign({ payload: TxEnvelopeEip2930.getSignPayload(envelope), privateKey });
    return TxEnvelopeEip2930.serialize(envelope, { signature });
  }
  if ('gasPrice' in fields.fees) {
    const envelope = TxEnvelopeLegacy.from({ ...common, gasPrice: fields.fees.gasPrice });
    const signature = Secp256k1.sign({ payload: TxEnvelopeLegacy.getSignPayload(envelope), privateKey });
    return TxEnvelopeLegacy.serialize(envelope, { signature });
  }
  const envelope = TxEnvelopeEip1559.from({ ...common, ...fields.fees, ...accessList });
  const signature = Secp256k1.sign({ payload: TxEnvelopeEip1559.getSignPayload(envelope), privateKey });
  return TxEnvelopeEip1559.serialize(envelope, { signature });
}
