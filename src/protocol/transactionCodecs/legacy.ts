import * as Secp256k1 from 'ox/Secp256k1';
import * as TxEnvelopeLegacy from 'ox/TxEnvelopeLegacy';
import type { TransactionCodec } from '../transactionType.js';

/** Legacy transactions' envelope, read and signed with ox. */
export const legacyCodec: TransactionCodec = {
  decode(raw) {
    const envelope = TxEnvelopeLegacy.deserialize(raw);
    const gasPrice = envelope.gasPrice ?? 0n;
    return {
      chainId: envelope.chainId,
      nonce: envelope.nonce ?? 0n,
      gas: envelope.gas ?? 0n,
      to: envelope.to ?? null,
      value: envelope.value ?? 0n,
      data: envelope.data ?? envelope.input ?? '0x',
      fees: { maxFeePerGas: gasPrice, maxPriorityFeePerGas: gasPrice },
      accessList: [],
      authorizationList: [],
      signature:
        envelope.r === undefined || envelope.s === undefined || envelope.yParity === undefined
          ? undefined
          : { r: envelope.r, s: envelope.s, yParity: envelope.yParity },
      v: envelope.v === undefined ? undefined : BigInt(envelope.v),
      signPayload: TxEnvelopeLegacy.getSignPayload(envelope),
    };
  },
  sign(fields, privateKey) {
    const envelope = TxEnvelopeLegacy.from({
      chainId: fields.chainId,
      ...(fields.to ? { to: fields.to } : {}),
      nonce: BigInt(fields.nonce),
      value: fields.value,
      gas: BigInt(fields.gas),
      data: fields.data,
      gasPrice: fields.fees.maxFeePerGas,
    });
    const signature = Secp256k1.sign({ payload: TxEnvelopeLegacy.getSignPayload(envelope), privateKey });
    return TxEnvelopeLegacy.serialize(envelope, { signature });
  },
};
