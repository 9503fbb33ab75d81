import { rowsOf, type Table } from '../chain/table.js';
import type { AddressIndex, Holding, NftCollection } from '../chain/types.js';
import { encodeRows, rowDecoder, type Field, type Sections } from './columns.js';
import { LazyTable } from './lazyTable.js';

const LISTS = [
  'transactions',
  'transactionsFrom',
  'transactionsTo',
  'tokenTransfers',
  'internalTransactions',
  'internalTransactionsFrom',
  'internalTransactionsTo',
  'withdrawals',
  'logs',
  'minedBlocks',
] as const;

const HOLDING: readonly Field[] = [
  { name: 'tokenId', kind: 'i32' },
  { name: 'nftId', kind: 'bigint?' },
  { name: 'value', kind: 'bigint' },
];
const COLLECTION: readonly Field[] = [
  { name: 'tokenId', kind: 'i32' },
  { name: 'amount', kind: 'bigint' },
];
const INSTANCE: readonly Field[] = [
  { name: 'id', kind: 'bigint' },
  { name: 'value', kind: 'bigint' },
];

const bytesOf = (array: ArrayBufferView) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
const view32 = <A extends Int32Array | Uint32Array>(
  make: new (b: ArrayBufferLike, o: number, n: number) => A,
  bytes: Uint8Array,
) => new make(bytes.buffer, bytes.byteOffset, bytes.length >> 2);

/** Row `i` of a per-account list is elements starts[i] … starts[i + 1] − 1 of a flat list. */
function flattenInts(lists: readonly Int32Array[]): { starts: Uint32Array; flat: Int32Array } {
  const starts = new Uint32Array(lists.length + 1);
  lists.forEach((list, i) => (starts[i + 1] = starts[i]! + list.length));
  const flat = new Int32Array(starts[lists.length]!);
  lists.forEach((list, i) => flat.set(list, starts[i]));
  return { starts, flat };
}

/** `flattenInts` for lists of objects. */
function flatten<T>(lists: readonly (ArrayLike<T> & Iterable<T>)[]): { starts: Uint32Array; flat: T[] } {
  const starts = new Uint32Array(lists.length + 1);
  const flat: T[] = [];
  lists.forEach((list, i) => {
    for (const x of list) flat.push(x);
    starts[i + 1] = flat.length;
  });
  return { starts, flat };
}

/** Encodes every account's lists, holdings and NFT collections as flat columns, in steps. */
export function* encodeAddressIndexes(indexes: Table<AddressIndex>, out: Sections): Generator<void, void> {
  const all = rowsOf(indexes);
  for (const list of LISTS) {
    const { starts, flat } = flattenInts(all.map((index) => index[list]));
    out.set(`idx.${list}.starts`, bytesOf(starts));
    out.set(`idx.${list}.values`, bytesOf(flat));
    yield;
  }
  const holdings = flatten(all.map((index) => index.holdings));
  out.set('idx.holdings.starts', bytesOf(holdings.starts));
  yield* encodeRows('idx.holding', holdings.flat, HOLDING, out);
  const collections = flatten(all.map((index) => index.nftCollections));
  out.set('idx.collections.starts', bytesOf(collections.starts));
  yield* encodeRows('idx.collection', collections.flat, COLLECTION, out);
  const instances = flatten(collections.flat.map((c) => c.instances));
  out.set('idx.instances.starts', bytesOf(instances.starts));
  yield* encodeRows('idx.instance', instances.flat, INSTANCE, out);
}

/** The accounts' indexes, each decoded on first access. */
export function decodeAddressIndexes(count: number, sections: Sections): Table<AddressIndex> {
  const section = (name: string) => {
    const bytes = sections.get(name);
    if (!bytes) throw new Error(`snapshot section ${name} is missing`);
    return bytes;
  };
  const lists = LISTS.map(
    (list) =>
      [
        list,
        view32(Uint32Array, section(`idx.${list}.starts`)),
        view32(Int32Array, section(`idx.${list}.values`)),
      ] as const,
  );
  const holdingStarts = view32(Uint32Array, section('idx.holdings.starts'));
  const holding = rowDecoder<Holding>('idx.holding', HOLDING, sections);
  const collectionStarts = view32(Uint32Array, section('idx.collections.starts'));
  const collection = rowDecoder<{ tokenId: number; amount: bigint }>('idx.collection', COLLECTION, sections);
  const instanceStarts = view32(Uint32Array, section('idx.instances.starts'));
  const instance = rowDecoder<{ id: bigint; value: bigint }>('idx.instance', INSTANCE, sections);
  const range = <T>(starts: Uint32Array, i: number, read: (k: number) => T): T[] => {
    const out: T[] = [];
    for (let k = starts[i]!; k < starts[i + 1]!; k++) out.push(read(k));
    return out;
  };
  return new LazyTable<AddressIndex>(count, (id) => {
    const index: Record<string, unknown> = {};
    for (const [name, starts, values] of lists) index[name] = values.subarray(starts[id], starts[id + 1]);
    index.holdings = range(holdingStarts, id, holding);
    index.nftCollections = range(
      collectionStarts,
      id,
      (k): NftCollection => ({ ...collection(k), instances: range(instanceStarts, k, instance) }),
    );
    return index as unknown as AddressIndex;
  });
}
