import * as Secp256k1 from 'ox/Secp256k1';
import * as TxEnvelopeEip1559 from 'ox/TxEnvelopeEip1559';
import type { TransactionCodec } from '../transactionType.js';
import { accessListOf, signatureOf } from './envelopeFields.js';

/** EIP-1559 transactions' envelope, read and signed with ox. */
export const eip1559Codec: TransactionCodec = {
  decode(raw) {
    const envelope = TxEnvelopeEip1559.deserialize(raw as TxEnvelopeEip1559.Serialized);
    return {
      chainId: envelope.chainId,
      nonce: envelope.nonce ?? 0n,
      gas: envelope.gas ?? 0n,
      to: envelope.to ?? null,
      value: envelope.value ?? 0n,
      data: envelope.data ?? envelope.input ?? '0x',
      fees: { maxFeePerGas: envelope.maxFeePerGas ?? 0n, maxPriorityFeePerGas: envelope.maxPriorityFeePerGas ?? 0n },
      accessList: accessListOf(envelope.accessList),
      authorizationList: [],
      signature: signatureOf(envelope),
      v: undefined,
      signPayload: TxEnvelopeEip1559.getSignPayload(envelope),
    };
  },
  sign(fields, privateKey) {
    const envelope = TxEnvelopeEip1559.from({
      chainId: fields.chainId,
      ...(fields.to ? { to: fields.to } : {}),
      nonce: BigInt(fields.nonce),
      value: fields.value,
      gas: BigInt(fields.gas),
      data: fields.data,
      maxFeePerGas: fields.fees.maxFeePerGas,
      maxPriorityFeePerGas: fields.fees.maxPriorityFeePerGas,
      ...(fields.accessList.length
        ? { accessList: fields.accessList.map((e) => ({ address: e.address, storageKeys: [...e.storageKeys] })) }
        : {}),
    });
    const signature = Secp256k1.sign({ payload: TxEnvelopeEip1559.getSignPayload(envelope), privateKey });
    return TxEnvelopeEip1559.serialize(envelope, { signature });
  },
};
