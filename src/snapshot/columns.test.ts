import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteSink } from './byteSink.js';
import { encodeRows, type Field, rowDecoder, runSteps, type Sections } from './columns.js';
import { LazyTable } from './lazyTable.js';
import { readValue, writeValue } from './valueCodec.js';

/** Sections as a snapshot file holds them: each copied to its own 8-byte aligned place. */
function aligned(sections: Sections): Sections {
  const out: Sections = new Map();
  for (const [name, bytes] of sections) {
    const copy = new Uint8Array(new ArrayBuffer((bytes.length + 7) & ~7), 0, bytes.length);
    copy.set(bytes);
    out.set(name, copy);
  }
  return out;
}

const FIELDS: readonly Field[] = [
  { name: 'n', kind: 'i32' },
  { name: 'f', kind: 'f64' },
  { name: 'b', kind: 'bool' },
  { name: 'h', kind: 'hash' },
  { name: 'x', kind: 'hex' },
  { name: 'big', kind: 'bigint' },
  { name: 'maybe', kind: 'bigint?' },
  { name: 'list', kind: 'bigints?' },
  { name: 'text', kind: 'text?' },
  { name: 'value', kind: 'value' },
  { name: 'array', kind: 'array' },
  { name: 'choice', kind: { oneOf: ['ok', 'error', 7] } },
];

const hex = (bytes: number) =>
  fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => `0x${Buffer.from(b).toString('hex')}`);
const big = fc.bigInt({ min: 0n, max: 2n ** 300n });
const plain: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true }),
    fc.bigInt({ min: -(2n ** 200n), max: 2n ** 200n }),
    fc.string({ unit: 'grapheme' }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ minLength: 1 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;
const row = fc.record({
  n: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  f: fc.double({ noNaN: true }),
  b: fc.boolean(),
  h: hex(32),
  x: fc.integer({ min: 0, max: 40 }).chain(hex),
  big,
  maybe: fc.option(big, { nil: null }),
  list: fc.option(fc.array(big, { maxLength: 5 }), { nil: null }),
  text: fc.option(fc.string({ unit: 'grapheme' }), { nil: null }),
  value: plain,
  array: fc.array(plain, { maxLength: 3 }),
  choice: fc.constantFrom('ok', 'error', 7),
});

describe('snapshot columns', () => {
  it('decode every kind of field to what was encoded (200 tables of up to 40 random rows)', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (rows) => {
        const sections: Sections = new Map();
        runSteps(encodeRows('t', rows, FIELDS, sections));
        const table = new LazyTable(rows.length, rowDecoder<Record<string, unknown>>('t', FIELDS, aligned(sections)));
        expect([...table]).toEqual(rows);
      }),
      { numRuns: 200 },
    );
  });

  it('refuse what they cannot store, naming the column', () => {
    const encode = (rows: unknown[], fields: readonly Field[]) => runSteps(encodeRows('t', rows, fields, new Map()));
    expect(() => encode([{ h: '0x12' }], [{ name: 'h', kind: 'hash' }])).toThrow(/t\.h is not a 32-byte hash/);
    expect(() => encode([{ a: -1n }], [{ name: 'a', kind: 'bigint' }])).toThrow(/negative amount/);
    expect(() => encode([{ a: null }], [{ name: 'a', kind: 'bigint' }])).toThrow(/t\.a is null at row 0/);
    expect(() => encode([{ c: 'maybe' }], [{ name: 'c', kind: { oneOf: ['yes', 'no'] } }])).toThrow(
      /t\.c = maybe is not one of yes, no/,
    );
  });

  it('LazyTable decodes a row once, on first access, and reads negative positions like an array', () => {
    let decoded = 0;
    const table = new LazyTable(3, (i) => (decoded++, { i }));
    expect(decoded).toBe(0);
    expect(table.at(1)).toEqual({ i: 1 });
    expect(table.at(1)).toBe(table.at(1));
    expect(table.at(-1)).toEqual({ i: 2 });
    expect(table.at(3)).toBeUndefined();
    expect(table.at(-4)).toBeUndefined();
    expect(decoded).toBe(2);
    expect([...table].map((r) => r.i)).toEqual([0, 1, 2]);
  });

  it('keeps a key named __proto__ as an own property (fast-check found it: it became the prototype)', () => {
    const value = JSON.parse('{"__proto__": false, "a": [{"__proto__": {"x": 1}}]}') as unknown;
    const sink = new ByteSink();
    writeValue(sink, value);
    expect(readValue(Buffer.from(sink.view()), { offset: 0 })).toEqual(value);
  });

  it('the value encoding round-trips plain values', () => {
    fc.assert(
      fc.property(plain, (value) => {
        const sink = new ByteSink();
        writeValue(sink, value);
        const bytes = Buffer.from(sink.view());
        const at = { offset: 0 };
        expect(readValue(bytes, at)).toEqual(value);
        expect(at.offset).toBe(bytes.length);
      }),
    );
  });
});
