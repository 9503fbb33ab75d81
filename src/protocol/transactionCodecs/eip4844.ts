import * as Secp256k1 from 'ox/Secp256k1';
import * as TxEnvelopeEip4844 from 'ox/TxEnvelopeEip4844';
import type { Hex } from '../transaction.js';
import type { TransactionCodec } from '../transactionType.js';
import { accessListOf, signatureOf } from './envelopeFields.js';

/** EIP-4844 blob transactions' envelope, read and signed with ox. */
export const eip4844Codec: TransactionCodec = {
  decode(raw) {
    const envelope = TxEnvelopeEip4844.deserialize(raw as TxEnvelopeEip4844.Serialized);
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
      blobs: {
        versionedHashes: envelope.blobVersionedHashes.map((h) => h.toLowerCase() as Hex),
        maxFeePerBlobGas: envelope.maxFeePerBlobGas ?? 0n,
        sidecar: envelope.sidecars !== undefined,
      },
      signature: signatureOf(envelope),
      v: undefined,
      signPayload: TxEnvelopeEip4844.getSignPayload(envelope),
    };
  },
  sign(fields, privateKey) {
    const envelope = TxEnvelopeEip4844.from({
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
      blobVersionedHashes: [...(fields.blobs?.versionedHashes ?? [])],
      maxFeePerBlobGas: fields.blobs?.maxFeePerBlobGas ?? 0n,
    });
    const signature = Secp256k1.sign({ payload: TxEnvelopeEip4844.getSignPayload(envelope), privateKey });
    return TxEnvelopeEip4844.serialize(envelope, { signature });
  },
};
