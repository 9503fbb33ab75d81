import { ByteSink } from './byteSink.js';
import { readValue, writeValue } from './valueCodec.js';

/**
 * How a field of an entity is stored: fixed-width numbers in typed arrays, hashes as 32 raw bytes,
 * big integers and text as offset-indexed bytes, irregular values (a call's arguments, block
 * rewards) in a compact tagged encoding per row (`array`: the same, with an empty array stored as
 * nothing). Every kind has its encoder and reader side by side.
 */
export type FieldKind =
  | 'i32'
  | 'f64'
  | 'bool'
  | 'hash'
  | 'hex'
  | 'bigint'
  | 'bigint?'
  | 'bigints?'
  | 'text?'
  | 'value'
  | 'array'
  | { readonly oneOf: readonly (string | number)[] };

export interface Field {
  readonly name: string;
  readonly kind: FieldKind;
}

/** Named byte blocks of a snapshot. Each starts 8-byte aligned in the file, so typed arrays can view it. */
export type Sections = Map<string, Uint8Array>;

const EMPTY: readonly never[] = Object.freeze([]);

const i32View = (bytes: Uint8Array) => new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
const u32View = (bytes: Uint8Array) => new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
const f64View = (bytes: Uint8Array) => new Float64Array(bytes.buffer, bytes.byteOffset, bytes.length >> 3);
const asBytes = (array: ArrayBufferView) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

function need(sections: Sections, name: string): Uint8Array {
  const bytes = sections.get(name);
  if (!bytes) throw new Error(`snapshot section ${name} is missing`);
  return bytes;
}

function readVar(name: string, sections: Sections): { offsets: Uint32Array; bytes: Buffer } {
  const bytes = need(sections, `${name}.bytes`);
  return {
    offsets: u32View(need(sections, `${name}.offsets`)),
    bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
  };
}

const SMALL = 2n ** 48n;

const writeBigint = (sink: ByteSink, value: bigint) => {
  if (value < 0n) throw new RangeError(`snapshot: a negative amount (${value})`);
  if (value < SMALL) return sink.uintBE(Number(value));
  const digits = value.toString(16);
  sink.hex(digits.length % 2 ? `0${digits}` : digits);
};

const readBigint = (bytes: Buffer, start: number, end: number): bigint =>
  end - start <= 6
    ? end === start
      ? 0n
      : BigInt(bytes.readUIntBE(start, end - start))
    : BigInt(`0x${bytes.toString('hex', start, end)}`);

/** Accumulates one column value by value, then hands over its sections. */
export interface ColumnWriter {
  push(value: unknown): void;
  finish(out: Sections): void;
}

/** Values of variable length: their bytes, and offsets (row i is bytes offsets[i] … offsets[i + 1]). */
class VarWriter implements ColumnWriter {
  private offsets: Uint32Array;
  private readonly sink: ByteSink;
  private nulls: Uint8Array | null = null;
  private rows = 0;

  constructor(
    private readonly name: string,
    count: number,
    private readonly write: (sink: ByteSink, value: unknown) => void,
    private readonly nullable: boolean,
    bytesPerRow: number,
  ) {
    this.offsets = new Uint32Array(count + 1);
    this.sink = new ByteSink(count * bytesPerRow);
  }

  push(value: unknown): void {
    const row = this.rows++;
    if (row + 1 >= this.offsets.length) {
      const grown = new Uint32Array(this.offsets.length * 2);
      grown.set(this.offsets);
      this.offsets = grown;
    }
    if (value === null || value === undefined) {
      if (!this.nullable) throw new RangeError(`snapshot: ${this.name} is null at row ${row}`);
      (this.nulls ??= new Uint8Array(this.offsets.length))[row] = 1;
    } else this.write(this.sink, value);
    if (this.sink.length > 0xffffffff) throw new RangeError(`snapshot column ${this.name} is over 4 GB`);
    this.offsets[row + 1] = this.sink.length;
  }

  finish(out: Sections): void {
    out.set(`${this.name}.offsets`, asBytes(this.offsets.subarray(0, this.rows + 1)));
    out.set(`${this.name}.bytes`, this.sink.view());
    if (this.nulls) out.set(`${this.name}.nulls`, this.nulls.subarray(0, this.rows));
  }
}

/** Fixed-width values in a typed array. */
class FixedWriter<A extends Int32Array | Float64Array | Uint8Array> implements ColumnWriter {
  private rows = 0;
  constructor(
    private readonly name: string,
    private readonly column: A,
    private readonly convert: (value: unknown) => number,
  ) {}
  push(value: unknown): void {
    this.column[this.rows++] = this.convert(value);
  }
  finish(out: Sections): void {
    out.set(this.name, asBytes(this.column.subarray(0, this.rows)));
  }
}

/** A list of big integers per row: the elements as their own column, and where each row's start. */
class BigintsWriter implements ColumnWriter {
  private readonly starts: Uint32Array;
  private readonly elements: VarWriter;
  private nulls: Uint8Array | null = null;
  private rows = 0;
  private count = 0;
  constructor(
    private readonly name: string,
    rows: number,
  ) {
    this.starts = new Uint32Array(rows + 1);
    this.elements = new VarWriter(`${name}.elements`, rows, (sink, v) => writeBigint(sink, v as bigint), false, 8);
  }
  push(value: unknown): void {
    const row = this.rows++;
    if (value === null || value === undefined) (this.nulls ??= new Uint8Array(this.starts.length))[row] = 1;
    else
      for (const element of value as readonly bigint[]) {
        this.elements.push(element);
        this.count++;
      }
    this.starts[row + 1] = this.count;
  }
  finish(out: Sections): void {
    out.set(`${this.name}.starts`, asBytes(this.starts.subarray(0, this.rows + 1)));
    this.elements.finish(out);
    if (this.nulls) out.set(`${this.name}.nulls`, this.nulls.subarray(0, this.rows));
  }
}

/** The writer of column `name` of kind `kind`, for `count` rows. */
export function columnWriter(name: string, kind: FieldKind, count: number): ColumnWriter {
  if (typeof kind === 'object') {
    const index = new Map(kind.oneOf.map((v, i) => [v, i]));
    return new FixedWriter(name, new Uint8Array(count), (value) => {
      const at = index.get(value as string | number);
      if (at === undefined)
        throw new RangeError(`snapshot: ${name} = ${String(value)} is not one of ${kind.oneOf.join(', ')}`);
      return at;
    });
  }
  switch (kind) {
    case 'i32':
      return new FixedWriter(name, new Int32Array(count), (v) => v as number);
    case 'f64':
      return new FixedWriter(name, new Float64Array(count), (v) => v as number);
    case 'bool':
      return new FixedWriter(name, new Uint8Array(count), (v) => (v ? 1 : 0));
    case 'hash': {
      const sink = new ByteSink(count * 32);
      return {
        push(value) {
          const hash = value as string;
          if (hash.length !== 66) throw new RangeError(`snapshot: ${name} is not a 32-byte hash: ${hash}`);
          sink.hex(hash.slice(2));
        },
        finish: (out) => void out.set(name, sink.view()),
      };
    }
    case 'hex':
      return new VarWriter(name, count, (sink, v) => sink.hex((v as string).slice(2)), false, 16);
    case 'bigint':
    case 'bigint?':
      return new VarWriter(name, count, (sink, v) => writeBigint(sink, v as bigint), kind === 'bigint?', 8);
    case 'text?':
      return new VarWriter(name, count, (sink, v) => sink.utf8(v as string), true, 4);
    case 'value':
      return new VarWriter(name, count, writeValue, true, 48);
    case 'array':
      // An empty array is stored as nothing (read back as a shared empty array).
      return new VarWriter(name, count, (sink, v) => (v as unknown[]).length > 0 && writeValue(sink, v), false, 4);
    case 'bigints?':
      return new BigintsWriter(name, count);
  }
}

/** The reader of column `name`: row index → value, decoded from the sections on each call. */
export function columnReader(name: string, kind: FieldKind, sections: Sections): (i: number) => unknown {
  if (typeof kind === 'object') {
    const column = need(sections, name);
    const values = kind.oneOf;
    return (i) => values[column[i]!];
  }
  const nulls = sections.get(`${name}.nulls`);
  switch (kind) {
    case 'i32': {
      const column = i32View(need(sections, name));
      return (i) => column[i];
    }
    case 'f64': {
      const column = f64View(need(sections, name));
      return (i) => column[i];
    }
    case 'bool': {
      const column = need(sections, name);
      return (i) => column[i] === 1;
    }
    case 'hash': {
      const bytes = need(sections, name);
      const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
      return (i) => `0x${buffer.toString('hex', i * 32, i * 32 + 32)}`;
    }
    case 'hex': {
      const { offsets, bytes } = readVar(name, sections);
      return (i) => `0x${bytes.toString('hex', offsets[i], offsets[i + 1])}`;
    }
    case 'bigint':
    case 'bigint?': {
      const { offsets, bytes } = readVar(name, sections);
      return (i) => (nulls?.[i] ? null : readBigint(bytes, offsets[i]!, offsets[i + 1]!));
    }
    case 'text?': {
      const { offsets, bytes } = readVar(name, sections);
      return (i) => (nulls?.[i] ? null : bytes.toString('utf8', offsets[i], offsets[i + 1]));
    }
    case 'value':
    case 'array': {
      const { offsets, bytes } = readVar(name, sections);
      const empty = kind === 'array' ? EMPTY : null;
      return (i) => (offsets[i] === offsets[i + 1] ? empty : readValue(bytes, { offset: offsets[i]! }));
    }
    case 'bigints?': {
      const starts = u32View(need(sections, `${name}.starts`));
      const element = columnReader(`${name}.elements`, 'bigint', sections) as (i: number) => bigint;
      return (i) => {
        if (nulls?.[i]) return null;
        const list: bigint[] = [];
        for (let k = starts[i]!; k < starts[i + 1]!; k++) list.push(element(k));
        return list;
      };
    }
  }
}

/**
 * Whether column `name` holds null at a row, read without decoding the value: for values, empty
 * arrays and other variable-length kinds, from their offsets or null bits.
 */
export function columnIsNull(name: string, kind: FieldKind, sections: Sections): (i: number) => boolean {
  if (kind === 'value') {
    const { offsets } = readVar(name, sections);
    return (i) => offsets[i] === offsets[i + 1];
  }
  const read = columnReader(name, kind, sections);
  return (i) => read(i) === null;
}

type RowEncoder = (rows: readonly unknown[], from: number, to: number, writers: readonly ColumnWriter[]) => void;

const rowEncoders = new WeakMap<readonly Field[], RowEncoder>();

/**
 * The loop that pushes every field of rows from … to − 1 into its writer, compiled once per layout
 * with each field read by its fixed name: every property load and push is then monomorphic, where
 * a generic loop (a keyed load by a variable name, or one pass per field) made encoding several
 * times slower.
 */
function rowEncoder(fields: readonly Field[]): RowEncoder {
  let encoder = rowEncoders.get(fields);
  if (!encoder) {
    for (const f of fields) if (!/^[A-Za-z_$][\w$]*$/.test(f.name)) throw new Error(`not a property name: ${f.name}`);
    const take = fields.map((_, k) => `const w${k} = writers[${k}];`).join(' ');
    const push = fields.map((f, k) => `w${k}.push(r.${f.name});`).join(' ');
    encoder = new Function(
      'rows',
      'from',
      'to',
      'writers',
      `${take} for (let i = from; i < to; i++) { const r = rows[i]; ${push} }`,
    ) as RowEncoder;
    rowEncoders.set(fields, encoder);
  }
  return encoder;
}

/** Rows encoded per step of `encodeRows`: small enough that a step takes a few milliseconds. */
const CHUNK = 4_096;

/**
 * Encodes every field of `rows` as columns named `prefix.field`, yielding after every chunk of
 * rows so that a server can encode in idle slices.
 */
export function* encodeRows<T>(
  prefix: string,
  rows: readonly T[],
  fields: readonly Field[],
  out: Sections,
): Generator<void, void> {
  const writers = fields.map((f) => columnWriter(`${prefix}.${f.name}`, f.kind, rows.length));
  const encode = rowEncoder(fields);
  for (let from = 0; from < rows.length; from += CHUNK) {
    encode(rows, from, Math.min(rows.length, from + CHUNK), writers);
    yield;
  }
  for (const writer of writers) writer.finish(out);
}

/** Runs a step generator to its end. */
export function runSteps<R>(steps: Generator<void, R>): R {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

type RowBuilder = (readers: readonly ((i: number) => unknown)[]) => (i: number) => unknown;

const rowBuilders = new WeakMap<readonly Field[], RowBuilder>();

/**
 * The function that builds a row from its fields' readers, compiled once per layout as one object
 * literal: V8 gives such rows a fixed shape with every field in the object. Rows built by
 * assigning the fields one by one by a variable name went to dictionary mode past a dozen fields:
 * `default`'s 28,997 transactions took 56 MB decoded (2.0 KB each), now 18 MB (650 B).
 */
function rowBuilder(fields: readonly Field[]): RowBuilder {
  let builder = rowBuilders.get(fields);
  if (!builder) {
    for (const f of fields) if (!/^[A-Za-z_$][\w$]*$/.test(f.name)) throw new Error(`not a property name: ${f.name}`);
    const take = fields.map((_, k) => `const r${k} = readers[${k}];`).join(' ');
    const literal = fields.map((f, k) => `${f.name}: r${k}(i)`).join(', ');
    builder = new Function('readers', `${take} return (i) => ({ ${literal} });`) as RowBuilder;
    rowBuilders.set(fields, builder);
  }
  return builder;
}

/** A decoder of rows encoded by `encodeRows`: builds each row object with the fields in order. */
export function rowDecoder<T>(prefix: string, fields: readonly Field[], sections: Sections): (i: number) => T {
  const readers = fields.map((f) => columnReader(`${prefix}.${f.name}`, f.kind, sections));
  return rowBuilder(fields)(readers) as (i: number) => T;
}
