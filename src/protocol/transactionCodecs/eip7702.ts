import * as Secp256k1 from 'ox/Secp256k1';
import * as TxEnvelopeEip7702 from 'ox/TxEnvelopeEip7702';
import type { Hex } from '../transaction.js';
import type { TransactionCodec } from '../transactionType.js';
import { accessListOf, signatureOf } from './envelopeFields.js';

/** EIP-7702 set-code transactions' envelope, read and signed with ox. */
export const eip7702Codec: TransactionCodec = {
  decode(raw) {
    const envelope = TxEnvelopeEip7702.deserialize(raw as TxEnvelopeEip7702.Serialized);
    return {
      chainId: envelope.chainId,
      nonce: envelope.nonce ?? 0n,
      gas: envelope.gas ?? 0n,
      to: envelope.to ?? null,
      value: envelope.value ?? 0n,
      data: envelope.data ?? envelope.input ?? '0x',
      fees: { maxFeePerGas: envelope.maxFeePerGas ?? 0n, maxPriorityFeePerGas: envelope.maxPriorityFeePerGas ?? 0n },
      accessList: accessListOf(envelope.accessList),
      authorizationList: envelope.authorizationList.map((a) => ({
        chainId: a.chainId,
        address: a.address.toLowerCase() as Hex,
        nonce: a.nonce,
        yParity: a.yParity,
        r: a.r,
        s: a.s,
      })),
      signature: signatureOf(envelope),
      v: undefined,
      signPayload: TxEnvelopeEip7702.getSignPayload(envelope),
    };
  },
  sign(fields, privateKey) {
    const envelope = TxEnvelopeEip7702.from({
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
      authorizationList: (fields.authorizationList ?? []).map((a) => ({ ...a })),
    });
    const signature = Secp256k1.sign({ payload: TxEnvelopeEip7702.getSignPayload(envelope), privateKey });
    return TxEnvelopeEip7702.serialize(envelope, { signature });
  },
};
