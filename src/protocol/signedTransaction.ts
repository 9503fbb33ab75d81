import * as Authorization from 'ox/Authorization';
import * as Hash from 'ox/Hash';
import { SendRefused } from './errors.js';
import { senderOf } from './senderOf.js';
import type { SentTransaction } from './sentTransaction.js';
import type { AccessList, Hex, RecoveredAuthorization, SignedAuthorization } from './transaction.js';
import type { DecodedEnvelope } from './transactionType.js';
import { codecOf } from './transactionCodecs.js';
import { knownTransactionType, TYPE, type TransactionTypeId, transactionType } from './transactionTypes.js';

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

/** The type of signed bytes (an RLP list is legacy; else the envelope's first byte) and its fields. */
function decode(
  raw: Hex,
  allowed: readonly TransactionTypeId[],
): { type: TransactionTypeId; envelope: DecodedEnvelope } {
  const first = Number.parseInt(raw.slice(2, 4), 16);
  const type = knownTransactionType(first >= 0xc0 ? TYPE.legacy.id : first);
  if (!type || !allowed.includes(type.id))
    throw new SendRefused(
      first <= 0x7f ? 'transaction type not supported' : 'invalid transaction: not an RLP list or a typed envelope',
    );
  try {
    return { type: type.id, envelope: codecOf(type).decode(raw) };
  } catch (error) {
    throw new SendRefused(decodeProblem(error));
  }
}

/**
 * A signed transaction's bytes, decoded by its type's descriptor and its sender recovered, or
 * `SendRefused` with the node's text naming what is wrong: a payload that does not decode, a type
 * the chain does not take, no signature, another chain's id, a legacy transaction without replay
 * protection.
 */
export function decodeSigned(raw: Hex, chainId: number, allowed: readonly TransactionTypeId[]): SentTransaction {
  if (raw.length <= 2) throw new SendRefused('typed transaction too short');
  if ((raw.length - 2) / 2 > MAX_SIZE) throw new SendRefused('oversized data');
  const { type, envelope } = decode(raw, allowed);
  const signature = envelope.signature;
  // Signed, and not malleable: s in the lower half of the curve order (EIP-2), as geth requires.
  if (
    signature === undefined ||
    signature.r === 0n ||
    signature.s === 0n ||
    signature.r >= CURVE_ORDER ||
    signature.s > CURVE_ORDER / 2n
  )
    throw new SendRefused('invalid transaction v, r, s values');
  if (envelope.chainId === undefined)
    throw new SendRefused('only replay-protected (EIP-155) transactions allowed over RPC');
  if (envelope.chainId !== chainId)
    throw new SendRefused(`invalid chain id for signer: have ${envelope.chainId} want ${chainId}`);
  let from: string;
  try {
    from = senderOf(envelope.signPayload, signature);
  } catch {
    throw new SendRefused('invalid sender');
  }
  // Blobs come with their sidecar (the network form) or not at all; the mock has no KZG library to check one.
  if (transactionType(type).carriesBlobs)
    throw new SendRefused(
      envelope.blobs?.sidecar
        ? 'explorer-mock does not take blob transactions: it has no KZG library to check their proofs'
        : 'missing sidecar in blob transaction',
    );
  if (transactionType(type).setsCode) {
    if (envelope.to === null) throw new SendRefused('EIP-7702 transaction cannot be used to create contract');
    if (!envelope.authorizationList.length) throw new SendRefused('EIP-7702 transaction with empty auth list');
  }
  if (envelope.gas > BigInt(Number.MAX_SAFE_INTEGER)) throw new SendRefused('exceeds block gas limit');
  if (envelope.nonce >= 2n ** 64n - 1n) throw new SendRefused('nonce has max value');
  const yParity = signature.yParity === 1 ? 1 : 0;
  return {
    hash: Hash.keccak256(raw),
    from,
    to: envelope.to ? envelope.to.toLowerCase() : null,
    nonce: Number(envelope.nonce),
    value: envelope.value,
    gasLimit: Number(envelope.gas),
    type,
    maxFeePerGas: envelope.fees.maxFeePerGas,
    maxPriorityFeePerGas: envelope.fees.maxPriorityFeePerGas,
    signed: {
      input: envelope.data,
      accessList: envelope.accessList,
      ...(transactionType(type).setsCode
        ? { authorizationList: envelope.authorizationList.map(recoveredAuthorization) }
        : {}),
      r: signature.r,
      s: signature.s,
      yParity,
      v: envelope.v ?? vOf(transactionType(type).typed, chainId, yParity),
    },
  };
}

/**
 * An authorization with its authority: the signer of its payload (EIP-7702's `0x05 ‖ rlp(chain id,
 * address, nonce)`), or null where the signature recovers none or is malleable (s in the upper
 * half, y parity not 0 or 1), as the EIP skips such an authorization.
 */
export function recoveredAuthorization(authorization: SignedAuthorization): RecoveredAuthorization {
  const { r, s, yParity } = authorization;
  if (r === 0n || s === 0n || r >= CURVE_ORDER || s > CURVE_ORDER / 2n || (yParity !== 0 && yParity !== 1))
    return { ...authorization, authority: null };
  try {
    const payload = Authorization.getSignPayload({
      address: authorization.address,
      chainId: authorization.chainId,
      nonce: authorization.nonce,
    });
    return { ...authorization, authority: senderOf(payload, { r, s, yParity }) };
  } catch {
    return { ...authorization, authority: null };
  }
}

/** The `v` a transaction of `type` shows: EIP-155's for legacy ones, the y parity for typed ones. */
export const vOf = (typed: boolean, chainId: number, yParity: number): bigint =>
  typed ? BigInt(yParity) : BigInt(chainId * 2 + 35 + yParity);

/**
 * A transaction a node signs for one of its accounts (`eth_sendTransaction`), as its signed bytes:
 * with a gas price, legacy (EIP-2930 with an access list); with a fee cap and tip, EIP-1559.
 */
export function signTransaction(
  fields: {
    readonly to: string | null;
    readonly nonce: number;
    readonly value: bigint;
    readonly gas: number;
    readonly data: Hex;
    readonly chainId: number;
    readonly fees:
      | { readonly gasPrice: bigint }
      | { readonly maxFeePerGas: bigint; readonly maxPriorityFeePerGas: bigint };
    readonly accessList?: AccessList;
  },
  privateKey: Hex,
): Hex {
  const accessList = fields.accessList ?? [];
  const byPrice = 'gasPrice' in fields.fees;
  const type = byPrice ? (accessList.length ? TYPE.eip2930 : TYPE.legacy) : TYPE.eip1559;
  const fees =
    'gasPrice' in fields.fees
      ? { maxFeePerGas: fields.fees.gasPrice, maxPriorityFeePerGas: fields.fees.gasPrice }
      : fields.fees;
  return codecOf(type).sign({ ...fields, to: fields.to as Hex | null, fees, accessList }, privateKey);
}
