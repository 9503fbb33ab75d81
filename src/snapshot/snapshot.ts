import { deserialize, serialize } from 'node:v8';
import { crc32 } from 'node:zlib';
import { HashIndex } from '../chain/hashIndex.js';
import { rowsOf, type Table } from '../chain/table.js';
import { type Account, type Block, type Chain, NONE, type StorageWrite } from '../chain/types.js';
import { decodeAddressIndexes, encodeAddressIndexes } from './addressIndexes.js';
import { columnIsNull, columnReader, encodeRows, type Field, rowDecoder, runSteps, type Sections } from './columns.js';
import {
  AUTHORIZATION,
  BLOB,
  BLOCK,
  EVENT,
  INTERNAL_TRANSACTION,
  TOKEN_TRANSFER,
  TRANSACTION,
  WITHDRAWAL,
} from './layouts.js';
import { LazyTable } from './lazyTable.js';

/**
 * Bumped whenever the layout changes, or the chain a scenario and seed build (a cached snapshot
 * keyed by it would be stale): a snapshot of another format is rebuilt, never read. 7: EIP-4844's
 * blobs; 8: ERC-4337's predeploys and user operations (each branch's alone); 9: both in one chain;
 * 10: no tip offered above its fee cap, or beacon deposits (each branch's alone); 11: both (the
 * deposit contract, its stakers and their deposits; the layout is unchanged). 12: what a
 * scenario's contracts' own code did (`storageWrites`, and the raw logs of a table's rows). 13: the
 * runs of that code themselves (`contractRuns`: internal types, so any change to what a run records
 * bumps this), and what a token's own code did not answer or no market prices (`Token.unanswered`,
 * `unpriced`).
 */
export const SNAPSHOT_FORMAT = 13;
const MAGIC = Buffer.from('XMOCKSNP', 'latin1');
const ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 'LE' : 'BE';

/** What a snapshot's header says about it (readable without decoding the payload). */
export interface SnapshotHeader {
  readonly format: number;
  readonly version: string;
  readonly endian: 'LE' | 'BE';
  /** The cache key: a digest of the package version, the scenario's content and the seed. */
  readonly key: string;
  readonly scenario: string;
  readonly seed: string;
  /** ISO time of writing. */
  readonly createdAt: string;
  readonly payloadLength: number;
  readonly crc32: number;
  /** [name, offset in the payload, length] of every section. */
  readonly sections: readonly (readonly [string, number, number])[];
}

/** Thrown for a snapshot that cannot be read: truncated, corrupt, or of another format or version. */
export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
}

const TABLES: readonly (readonly [string, keyof Chain, readonly Field[]])[] = [
  ['tx', 'transactions', TRANSACTION],
  ['tt', 'tokenTransfers', TOKEN_TRANSFER],
  ['it', 'internalTransactions', INTERNAL_TRANSACTION],
  ['wd', 'withdrawals', WITHDRAWAL],
  ['au', 'authorizations', AUTHORIZATION],
  ['bl', 'blobs', BLOB],
  ['ev', 'events', EVENT],
  ['block', 'blocks', BLOCK],
  ['uncle', 'uncles', BLOCK],
  ['reorg', 'reorgs', BLOCK],
];

const bytesOf = (array: ArrayBufferView) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
const pad8 = (n: number) => (n + 7) & ~7;

/** Whether a storage write is a client's: a cheat code's (no transaction at a later block than genesis) or a sent transaction's. */
const clientWrote =
  (chain: Chain) =>
  (write: StorageWrite): boolean =>
    write.transaction === NONE ? write.block > 0 : chain.transactions.at(write.transaction)!.signed !== undefined;

/** The snapshot of a chain, as the chunks of its file: a header, then its sections, 8-byte aligned. */
export const encodeSnapshot = (
  chain: Chain,
  about: Pick<SnapshotHeader, 'key' | 'version'>,
  runs?: unknown,
): Uint8Array[] => runSteps(encodeSnapshotSteps(chain, about, runs));

const ZEROS = new Uint8Array(8);
/** Rows looked at for raw logs between two steps of the encoding. */
const RAW_SLICE = 50_000;

/**
 * `encodeSnapshot` in steps of a few milliseconds each, for a server to run while idle. `runs`:
 * what the EVM did running the scenario's contracts' code, as data (`SavedRuns`), kept beside the
 * chain so a chain loaded from the snapshot needs no EVM to be served and mined.
 */
export function* encodeSnapshotSteps(
  chain: Chain,
  about: Pick<SnapshotHeader, 'key' | 'version'>,
  runs?: unknown,
): Generator<void, Uint8Array[]> {
  // The storage a scenario's contracts' code wrote is kept; a client's sends and cheat codes are not (their signed bytes, their edits).
  if (chain.stateEdits.length || [...rowsOf(chain.storageWrites)].some(clientWrote(chain)))
    throw new SnapshotError('a chain clients executed transactions on is not saved (its storage would be lost)');
  const sections: Sections = new Map();
  const { scenario, seed, kind, chainId, signers, exchangeRate, handles, headHeight, zeroId, totalSupply } = chain;
  sections.set(
    'meta',
    serialize({ scenario, seed, kind, chainId, signers, exchangeRate, handles, headHeight, zeroId, totalSupply }),
  );
  sections.set('accounts', serialize(chain.accounts));
  for (const [prefix, key, fields] of TABLES) {
    const table = chain[key] as Table<unknown>;
    sections.set(`${prefix}.count`, bytesOf(Uint32Array.of(table.length)));
    const rows = rowsOf(table);
    yield* encodeRows(prefix, rows, fields, sections);
    // The raw logs a scenario's contracts' code emitted (only events have them): few rows, kept
    // apart from the columns; found in slices, as the columns are encoded.
    if (key !== 'events') continue;
    const raws: [number, unknown][] = [];
    for (let i = 0; i < rows.length; i++) {
      const raw = (rows[i] as { raw?: unknown }).raw;
      if (raw) raws.push([i, raw]);
      if (i % RAW_SLICE === RAW_SLICE - 1) yield;
    }
    if (raws.length) sections.set(`${prefix}.raw`, serialize(raws));
  }
  yield* encodeAddressIndexes(chain.indexes, sections);
  sections.set('richList', bytesOf(chain.richList));
  sections.set('nftOwners', serialize(chain.nftOwners));
  sections.set('storageWrites', serialize([...rowsOf(chain.storageWrites)]));
  sections.set('txHashSlots', bytesOf(chain.transactionByHash.slots?.() ?? new HashIndex(chain.transactions).slots()));
  if (runs !== undefined) sections.set('contractRuns', serialize(runs));

  // The payload is the sections, each followed by zeros to the next multiple of 8: kept as chunks
  // (a large chain's payload is hundreds of megabytes, not worth copying into one buffer).
  let offset = 0;
  let checksum = 0;
  const layout: [string, number, number][] = [];
  const payload: Uint8Array[] = [];
  for (const [name, bytes] of sections) {
    layout.push([name, offset, bytes.length]);
    const padding = ZEROS.subarray(0, pad8(bytes.length) - bytes.length);
    payload.push(bytes, padding);
    checksum = crc32(padding, crc32(bytes, checksum));
    offset += bytes.length + padding.length;
    yield;
  }
  const header: SnapshotHeader = {
    format: SNAPSHOT_FORMAT,
    version: about.version,
    endian: ENDIAN,
    key: about.key,
    scenario: scenario.name,
    seed,
    createdAt: new Date().toISOString(),
    payloadLength: offset,
    crc32: checksum,
    sections: layout,
  };
  const json = Buffer.from(JSON.stringify(header));
  const head = Buffer.alloc(pad8(MAGIC.length + 4 + json.length));
  MAGIC.copy(head, 0);
  head.writeUInt32LE(json.length, MAGIC.length);
  json.copy(head, MAGIC.length + 4);
  return [head, ...payload];
}

/** The header of a snapshot file's first bytes; throws `SnapshotError` when they are not one. */
export function readSnapshotHeader(file: Buffer): { header: SnapshotHeader; payloadStart: number } {
  if (file.length < MAGIC.length + 4 || !file.subarray(0, MAGIC.length).equals(MAGIC))
    throw new SnapshotError('not an explorer-mock snapshot');
  const length = file.readUInt32LE(MAGIC.length);
  if (MAGIC.length + 4 + length > file.length) throw new SnapshotError('truncated header');
  let header: SnapshotHeader;
  try {
    header = JSON.parse(file.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + length)) as SnapshotHeader;
  } catch {
    throw new SnapshotError('unreadable header');
  }
  return { header, payloadStart: pad8(MAGIC.length + 4 + length) };
}

/**
 * The chain of a snapshot. Checks the format, byte order, key, length and checksum first; any
 * mismatch throws `SnapshotError`. Large tables decode each row on first access.
 */
export function decodeSnapshot(
  file: Buffer,
  expect: Pick<SnapshotHeader, 'key' | 'version'>,
): { chain: Chain; header: SnapshotHeader; runs?: unknown } {
  const { header, payloadStart } = readSnapshotHeader(file);
  if (header.format !== SNAPSHOT_FORMAT)
    throw new SnapshotError(`format ${header.format}, expected ${SNAPSHOT_FORMAT}`);
  if (header.version !== expect.version)
    throw new SnapshotError(`written by explorer-mock ${header.version}, this is ${expect.version}`);
  if (header.endian !== ENDIAN) throw new SnapshotError(`written on a ${header.endian} machine`);
  if (header.key !== expect.key) throw new SnapshotError('written for another scenario or seed');
  if (file.length - payloadStart !== header.payloadLength)
    throw new SnapshotError(`truncated: ${file.length - payloadStart} of ${header.payloadLength} payload bytes`);
  let payload = file.subarray(payloadStart);
  if (crc32(payload) !== header.crc32) throw new SnapshotError('checksum mismatch');
  // Typed arrays need aligned offsets: copy the payload when the file buffer is not aligned.
  if (payload.byteOffset % 8) payload = Buffer.from(payload);
  const sections: Sections = new Map(
    header.sections.map(([name, offset, length]) => [name, payload.subarray(offset, offset + length)]),
  );
  const section = (name: string) => {
    const bytes = sections.get(name);
    if (!bytes) throw new SnapshotError(`section ${name} is missing`);
    return bytes;
  };
  const meta = deserialize(section('meta')) as Pick<
    Chain,
    | 'scenario'
    | 'seed'
    | 'kind'
    | 'chainId'
    | 'signers'
    | 'exchangeRate'
    | 'handles'
    | 'headHeight'
    | 'zeroId'
    | 'totalSupply'
  >;
  const accounts = deserialize(section('accounts')) as Account[];
  const tables: Record<string, Table<unknown>> = {};
  for (const [prefix, key, fields] of TABLES) {
    const counter = section(`${prefix}.count`);
    const count = new Uint32Array(counter.buffer, counter.byteOffset, 1)[0]!;
    const fieldNamed = (name: string) => fields.find((f) => f.name === name);
    const decode = rowDecoder(prefix, fields, sections);
    const raws = sections.has(`${prefix}.raw`)
      ? new Map(deserialize(section(`${prefix}.raw`)) as [number, unknown][])
      : null;
    tables[key] = new LazyTable(
      count,
      raws ? (i) => (raws.has(i) ? { ...(decode(i) as object), raw: raws.get(i) } : decode(i)) : decode,
      (name) => {
        const field = fieldNamed(name);
        return field && columnReader(`${prefix}.${field.name}`, field.kind, sections);
      },
      (name) => {
        const field = fieldNamed(name);
        return field && columnIsNull(`${prefix}.${field.name}`, field.kind, sections);
      },
    );
  }
  const blocks = tables.blocks as Table<Block>;
  const blockTables = [blocks, tables.uncles as Table<Block>, tables.reorgs as Table<Block>];
  // Block hash → (table, row), from the hash columns alone.
  const blockRows = new Map<string, number>();
  ['block', 'uncle', 'reorg'].forEach((prefix, t) => {
    const hashes = Buffer.from(
      section(`${prefix}.hash`).buffer,
      section(`${prefix}.hash`).byteOffset,
      section(`${prefix}.hash`).length,
    );
    for (let i = 0; i < blockTables[t]!.length; i++)
      blockRows.set(`0x${hashes.toString('hex', i * 32, i * 32 + 32)}`, t * 2 ** 32 + i);
  });
  const richList = section('richList');
  const slots = section('txHashSlots');
  const transactions = tables.transactions as Chain['transactions'];
  const chain: Chain = {
    ...meta,
    accounts,
    accountByHash: new Map(accounts.map((a) => [a.lower, a.id])),
    blocks,
    uncles: blockTables[1]!,
    reorgs: blockTables[2]!,
    blockByHash: {
      get(hash: string) {
        const at = blockRows.get(hash);
        return at === undefined ? undefined : blockTables[Math.floor(at / 2 ** 32)]!.at(at % 2 ** 32);
      },
    },
    transactions,
    transactionByHash: new HashIndex(transactions, new Int32Array(slots.buffer, slots.byteOffset, slots.length >> 2)),
    tokenTransfers: tables.tokenTransfers as Chain['tokenTransfers'],
    internalTransactions: tables.internalTransactions as Chain['internalTransactions'],
    withdrawals: tables.withdrawals as Chain['withdrawals'],
    authorizations: tables.authorizations as Chain['authorizations'],
    blobs: tables.blobs as Chain['blobs'],
    events: tables.events as Chain['events'],
    storageWrites: deserialize(section('storageWrites')) as StorageWrite[],
    stateEdits: [],
    indexes: decodeAddressIndexes(accounts.length, sections),
    richList: new Int32Array(richList.buffer, richList.byteOffset, richList.length >> 2),
    nftOwners: deserialize(section('nftOwners')) as Chain['nftOwners'],
  };
  return sections.has('contractRuns')
    ? { chain, header, runs: deserialize(section('contractRuns')) as unknown }
    : { chain, header };
}
