import * as Authorization from 'ox/Authorization';
import * as Hash from 'ox/Hash';
import * as Secp256k1 from 'ox/Secp256k1';
import * as TxEnvelopeEip4844 from 'ox/TxEnvelopeEip4844';
import { blobBody, catalogueBlob } from './blobData.js';
import { describe, expect, it } from 'vitest';
import { ETHEREUM } from './chainSpec.js';
import { SendRefused } from './errors.js';
import { calldataGas, intrinsicGas } from './intrinsicGas.js';
import { decodeSigned, recoveredAuthorization, signTransaction } from './signedTransaction.js';
import { codecOf } from './transactionCodecs.js';
import { offeredPrice, paidFees } from './transactionType.js';
import { TRANSACTION_TYPES, TYPE, transactionType } from './transactionTypes.js';

/** Hardhat's and Anvil's first test key, and its address. */
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const FROM = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const TO = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const CHAIN_ID = 31_337;
const GWEI = 1_000_000_000n;
const ACCESS_LIST = [{ address: TO, storageKeys: [`0x${'0'.repeat(63)}1`] }] as const;
/** Hardhat's second test key: the authority of the set-code transactions' authorization. */
const AUTHORITY_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const AUTHORITY = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const DELEGATE = '0x8c670296cb5cf7572a5ae9516ae70aebdfe89ec3';

/** An authorization signed by the authority's key (EIP-7702). */
function signedAuthorization(chainId: number, nonce: bigint) {
  const payload = Authorization.getSignPayload({ address: DELEGATE, chainId, nonce });
  const { r, s, yParity } = Secp256k1.sign({ payload, privateKey: AUTHORITY_KEY });
  return { chainId, address: DELEGATE as `0x${string}`, nonce, r, s, yParity };
}

/** Signed bytes of a transaction of each type, by its codec's `sign`. */
const signed = (id: (typeof TRANSACTION_TYPES)[number]['id']) => {
  const type = transactionType(id);
  return codecOf(type).sign(
    {
      chainId: CHAIN_ID,
      to: TO,
      nonce: 7,
      value: 5n,
      gas: 60_000,
      data: '0x1234',
      fees: type.feeMarket
        ? { maxFeePerGas: 3n * GWEI, maxPriorityFeePerGas: GWEI }
        : { maxFeePerGas: 2n * GWEI, maxPriorityFeePerGas: 2n * GWEI },
      accessList: type.accessList ? ACCESS_LIST : [],
      ...(type.setsCode ? { authorizationList: [signedAuthorization(CHAIN_ID, 3n), signedAuthorization(0, 4n)] } : {}),
    },
    KEY,
  );
};

describe('the transaction-type registry', () => {
  it('holds each type once, by number and by name', () => {
    const ids = TRANSACTION_TYPES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const type of TRANSACTION_TYPES) {
      expect(transactionType(type.id)).toBe(type);
      expect(TYPE[type.name]).toBe(type);
    }
  });

  it.each(TRANSACTION_TYPES.filter((t) => !t.carriesBlobs).map((t) => [t.title, t.id] as const))(
    'decodes what it signs: %s',
    (_, id) => {
      const type = transactionType(id);
      const raw = signed(id);
      const sent = decodeSigned(raw, CHAIN_ID, ETHEREUM.transactionTypes);
      expect(sent).toMatchObject({
        hash: Hash.keccak256(raw),
        from: FROM,
        to: TO,
        nonce: 7,
        value: 5n,
        gasLimit: 60_000,
        type: id,
      });
      expect(sent.signed.input).toBe('0x1234');
      expect(sent.signed.accessList).toEqual(type.accessList ? ACCESS_LIST : []);
      expect(sent.maxFeePerGas).toBe(type.feeMarket ? 3n * GWEI : 2n * GWEI);
      // A typed envelope's v is its y parity; a legacy one's is EIP-155's.
      expect(sent.signed.v).toBe(
        type.typed ? BigInt(sent.signed.yParity) : BigInt(CHAIN_ID * 2 + 35 + sent.signed.yParity),
      );
      expect(type.typed).toBe(id !== 0);
      // A set-code transaction's authorizations, their authority recovered from each signature.
      expect(sent.signed.authorizationList?.map((a) => [a.chainId, a.address, a.nonce, a.authority])).toEqual(
        type.setsCode
          ? [
              [CHAIN_ID, DELEGATE, 3n, AUTHORITY],
              [0, DELEGATE, 4n, AUTHORITY],
            ]
          : undefined,
      );
    },
  );

  it('decodes a blob transaction (EIP-4844) and refuses it without its sidecar, in geth’s words, and with one (no KZG check here)', () => {
    const blobs = [catalogueBlob(0), catalogueBlob(1)];
    const fields = {
      chainId: CHAIN_ID,
      to: TO,
      nonce: 7,
      value: 0n,
      gas: 21_000,
      data: '0x',
      fees: { maxFeePerGas: 3n * GWEI, maxPriorityFeePerGas: GWEI },
      accessList: [],
      blobs: { versionedHashes: blobs.map((b) => b.versionedHash), maxFeePerBlobGas: 5n * GWEI },
    } as const;
    const raw = codecOf(TYPE.eip4844).sign(fields, KEY);
    expect(raw.startsWith('0x03')).toBe(true);
    expect(codecOf(TYPE.eip4844).decode(raw).blobs).toEqual({ ...fields.blobs, sidecar: false });
    expect(() => decodeSigned(raw, CHAIN_ID, ETHEREUM.transactionTypes)).toThrow('missing sidecar in blob transaction');
    // The network form: the same transaction wrapped with its blobs, commitments and proofs.
    const envelope = TxEnvelopeEip4844.deserialize(raw as TxEnvelopeEip4844.Serialized);
    const sidecars = blobs.map((b, n) => ({
      blob: `0x${Buffer.from(blobBody(n)).toString('hex')}` as const,
      commitment: b.commitment,
      proof: b.proof,
    }));
    const network = TxEnvelopeEip4844.serialize({ ...envelope, sidecars }, { sidecars });
    expect(codecOf(TYPE.eip4844).decode(network).blobs?.sidecar).toBe(true);
    expect(() => decodeSigned(network, CHAIN_ID, ETHEREUM.transactionTypes)).toThrow(SendRefused);
  });

  it('refuses a set-code transaction without authorizations, and skips no authority it cannot recover', () => {
    const fields = {
      chainId: CHAIN_ID,
      to: TO,
      nonce: 0,
      value: 0n,
      gas: 60_000,
      data: '0x',
      fees: { maxFeePerGas: 3n * GWEI, maxPriorityFeePerGas: GWEI },
      accessList: [],
    } as const;
    expect(() =>
      decodeSigned(
        codecOf(TYPE.eip7702).sign({ ...fields, authorizationList: [] }, KEY),
        CHAIN_ID,
        ETHEREUM.transactionTypes,
      ),
    ).toThrow('EIP-7702 transaction with empty auth list');
    const malleable = { ...signedAuthorization(CHAIN_ID, 0n), s: 2n ** 255n };
    expect(recoveredAuthorization(malleable).authority).toBeNull();
    expect(recoveredAuthorization(signedAuthorization(CHAIN_ID, 0n)).authority).toBe(AUTHORITY);
  });

  it('refuses a type the chain does not take, an unknown type and bytes that are no envelope, in geth’s words', () => {
    const refusal = (raw: `0x${string}`, allowed = ETHEREUM.transactionTypes) => {
      try {
        decodeSigned(raw, CHAIN_ID, allowed);
      } catch (error) {
        expect(error).toBeInstanceOf(SendRefused);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal(signed(TYPE.eip2930.id), [TYPE.legacy.id, TYPE.eip1559.id])).toBe('transaction type not supported');
    expect(refusal('0x05c0')).toBe('transaction type not supported');
    expect(refusal('0x80')).toBe('invalid transaction: not an RLP list or a typed envelope');
    expect(refusal(signed(TYPE.eip1559.id), [TYPE.eip1559.id])).toBe('accepted');
    expect(() => decodeSigned(signed(TYPE.legacy.id), 1, ETHEREUM.transactionTypes)).toThrow(
      'invalid chain id for signer: have 31337 want 1',
    );
  });

  it('signs for eth_sendTransaction in the type its fields name', () => {
    const fields = { to: TO, nonce: 0, value: 0n, gas: 21_000, data: '0x', chainId: CHAIN_ID } as const;
    const typeOf = (raw: `0x${string}`) => decodeSigned(raw, CHAIN_ID, ETHEREUM.transactionTypes).type;
    expect(typeOf(signTransaction({ ...fields, fees: { gasPrice: GWEI } }, KEY))).toBe(TYPE.legacy.id);
    expect(typeOf(signTransaction({ ...fields, fees: { gasPrice: GWEI }, accessList: ACCESS_LIST }, KEY))).toBe(
      TYPE.eip2930.id,
    );
    expect(
      typeOf(signTransaction({ ...fields, fees: { maxFeePerGas: 2n * GWEI, maxPriorityFeePerGas: GWEI } }, KEY)),
    ).toBe(TYPE.eip1559.id);
  });

  it('pays by each type’s fee rule: the fee market’s effective price, or the gas price', () => {
    const baseFee = 10n * GWEI;
    const cap = { maxFeePerGas: 11n * GWEI, maxPriorityFeePerGas: 3n * GWEI };
    expect(paidFees(TYPE.eip1559, cap, baseFee)).toEqual({ gasPrice: 11n * GWEI, ...cap });
    expect(paidFees(TYPE.eip1559, { ...cap, maxFeePerGas: 20n * GWEI }, baseFee).gasPrice).toBe(13n * GWEI);
    const price = { maxFeePerGas: 12n * GWEI, maxPriorityFeePerGas: 12n * GWEI };
    for (const type of [TYPE.legacy, TYPE.eip2930])
      expect(paidFees(type, price, baseFee)).toEqual({
        gasPrice: 12n * GWEI,
        maxFeePerGas: null,
        maxPriorityFeePerGas: null,
      });
    expect(offeredPrice(paidFees(TYPE.eip1559, cap, baseFee))).toBe(11n * GWEI);
    expect(offeredPrice(paidFees(TYPE.legacy, price, baseFee))).toBe(12n * GWEI);
    expect(TYPE.eip1559.fieldProblem({ maxFeePerGas: 1n, maxPriorityFeePerGas: 2n })).toBe(
      'max priority fee per gas higher than max fee per gas',
    );
  });

  it('counts intrinsic gas as the EIPs do', () => {
    expect(calldataGas('0x00ff')).toBe(4 + 16);
    expect(intrinsicGas({ to: TO, input: '0x', accessList: [] })).toBe(21_000);
    // 25,000 per authorization (EIP-7702's PER_EMPTY_ACCOUNT_COST).
    expect(intrinsicGas({ to: TO, input: '0x', accessList: [], authorizations: 2 })).toBe(21_000 + 50_000);
    expect(intrinsicGas({ to: TO, input: '0x00ff', accessList: ACCESS_LIST })).toBe(21_000 + 20 + 2_400 + 1_900);
    // A creation: 32,000 more and 2 per word of init code (EIP-3860); 33 bytes are two words.
    expect(intrinsicGas({ to: null, input: `0x${'ff'.repeat(33)}`, accessList: [] })).toBe(
      21_000 + 32_000 + 2 * 2 + 33 * 16,
    );
  });
});
