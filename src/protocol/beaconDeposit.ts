import { createHash } from 'node:crypto';

/** The beacon chain's deposit contract on Ethereum mainnet (and where every Ethereum-kind chain of the mock has it). */
export const DEPOSIT_CONTRACT_ADDRESS = '0x00000000219ab540356cBB839Cbe05303d7705Fa';

/** A deposit's fields as the deposit contract logs them in `DepositEvent`, hex lower-case. */
export interface DepositData {
  /** 48 bytes: the validator's BLS public key. */
  readonly pubkey: `0x${string}`;
  /** 32 bytes: a type byte (0x00 BLS, 0x01 an execution address, 0x02 compounding) and what it names. */
  readonly withdrawalCredentials: `0x${string}`;
  readonly amountGwei: bigint;
  /** 96 bytes: the BLS signature over the deposit message. */
  readonly signature: `0x${string}`;
}

/** A uint64 as eight little-endian bytes: how the deposit contract writes amounts and indexes. */
export function littleEndian64(value: bigint): `0x${string}` {
  let hex = '';
  for (let i = 0n; i < 8n; i++)
    hex += Number((value >> (8n * i)) & 0xffn)
      .toString(16)
      .padStart(2, '0');
  return `0x${hex}`;
}

/** The uint64 of eight little-endian bytes. */
export function fromLittleEndian64(bytes: `0x${string}`): bigint {
  let value = 0n;
  for (let i = 7; i >= 0; i--) value = (value << 8n) | BigInt(`0x${bytes.slice(2 + 2 * i, 4 + 2 * i)}`);
  return value;
}

const zeros = (bytes: number): `0x${string}` => `0x${'00'.repeat(bytes)}`;
/** SHA-256 of the bytes of `parts` one after another (node's: the explorer's views read these roots on the start-up path). */
const sha = (...parts: `0x${string}`[]): `0x${string}` =>
  `0x${createHash('sha256')
    .update(Buffer.from(parts.map((p) => p.slice(2)).join(''), 'hex'))
    .digest('hex')}`;
/** Bytes `[start, end)` of hex. */
const slice = (hex: `0x${string}`, start: number, end?: number): `0x${string}` =>
  `0x${hex.slice(2 + 2 * start, end === undefined ? undefined : 2 + 2 * end)}`;

/** `deposit_data_root`: the SSZ root of the deposit data, as the contract rebuilds it to check the argument. */
export function depositDataRoot(d: DepositData): `0x${string}` {
  const pubkeyRoot = sha(d.pubkey, zeros(16));
  const signatureRoot = sha(sha(slice(d.signature, 0, 64)), sha(slice(d.signature, 64), zeros(32)));
  return sha(sha(pubkeyRoot, d.withdrawalCredentials), sha(littleEndian64(d.amountGwei), zeros(24), signatureRoot));
}

/** The execution address 0x01 and 0x02 credentials name (what the explorer shows as `withdrawal_address`), else null. */
export function withdrawalAddressOf(credentials: `0x${string}`): `0x${string}` | null {
  const prefix = credentials.slice(2, 4);
  return prefix === '01' || prefix === '02' ? `0x${credentials.slice(-40)}` : null;
}

/**
 * Whether a signature is a well-formed compressed BLS12-381 G2 point encoding: its first byte has
 * the compression flag (0x80) and not the infinity flag (0x40). The mock checks no pairing: a
 * signature that fails this is one a real verifier rejects, which is how generated invalid
 * deposits are made and told apart.
 */
export const isWellFormedSignature = (signature: `0x${string}`): boolean =>
  (Number.parseInt(signature.slice(2, 4), 16) & 0xc0) === 0x80;

/** The deposit contract's Merkle tree depth. */
const TREE_DEPTH = 32;
let zeroHashes: `0x${string}`[] | undefined;

/**
 * `get_deposit_root()`: the root the deposit contract's incremental Merkle tree has after these
 * deposits' data roots, in index order, mixed with their count (the contract's own algorithm).
 */
export function depositRoot(leaves: readonly `0x${string}`[]): `0x${string}` {
  zeroHashes ??= Array.from({ length: TREE_DEPTH }).reduce<`0x${string}`[]>(
    (zs, _, h) => (h === 0 ? [zeros(32)] : [...zs, sha(zs[h - 1]!, zs[h - 1]!)]),
    [],
  );
  const branch: `0x${string}`[] = Array(TREE_DEPTH).fill(zeros(32));
  leaves.forEach((leaf, k) => {
    let node = leaf;
    let size = k + 1;
    for (let h = 0; h < TREE_DEPTH; h++) {
      if (size % 2 === 1) {
        branch[h] = node;
        return;
      }
      node = sha(branch[h]!, node);
      size = Math.floor(size / 2);
    }
  });
  let node = zeros(32);
  let size = leaves.length;
  for (let h = 0; h < TREE_DEPTH; h++) {
    node = size % 2 === 1 ? sha(branch[h]!, node) : sha(node, zeroHashes[h]!);
    size = Math.floor(size / 2);
  }
  return sha(node, littleEndian64(BigInt(leaves.length)), zeros(24));
}
