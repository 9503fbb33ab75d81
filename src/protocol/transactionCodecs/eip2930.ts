import * as Secp256k1 from 'ox/Secp256k1';
import * as TxEnvelopeEip2930 from 'ox/TxEnvelopeEip2930';
import type { TransactionCodec } from '../transactionType.js';
import { accessListOf, signatureOf } from './envelopeFields.js';

/** EIP-2930 transactions' envelope, read and signed with ox. */
export const eip2930Codec: TransactionCodec = {
  decode(raw) {
    const envelope = TxEnvelopeEip2930.deserialize(raw as TxEnvelopeEip2930.Serialized);
    const gasPrice = envelope.gasPrice ?? 0n;
    return {
      chainId: envelope.chainId,
      nonce: envelope.nonce ?? 0n,
      gas: envelope.gas ?? 0n,
      to: envelope.to ?? null,
      value: envelope.value ?? 0n,
      data: envelope.data ?? envelope.input ?? '0x',
      fees: { maxFeePerGas: gasPrice, maxPriorityFeePerGas: gasPrice },
      accessList: accessListOf(envelope.accessList),
      authorizationList: [],
      signature: signatureOf(envelope),
      v: undefined,
      signPayload: TxEnvelopeEip2930.getSignPayload(envelope),
    };
  },
  sign(fields, privateKey) {
    const envelope = TxEnvelopeEip2930.from({
      chainId: fields.chainId,
      ...(fields.to ? { to: fields.to } : {}),
      nonce: BigInt(fields.nonce),
      value: fields.value,
      gas: BigInt(fields.gas),
      data: fields.data,
      gasPrice: fields.fees.maxFeePerGas,
      accessList: fields.accessList.map((e) => ({ address: e.address, storageKeys: [...e.storageKeys] })),
    });
    const signature = Secp256k1.sign({ payload: TxEnvelopeEip2930.getSignPayload(envelope), privateKey });
    return TxEnvelopeEip2930.serialize(envelope, { signature });
  },
};
