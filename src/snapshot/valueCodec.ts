import type { ByteSink } from './byteSink.js';

/**
 * A compact tagged encoding of the irregular values rows carry (a call's arguments, a block's
 * rewards, protocol actions): null, booleans, numbers, big integers, strings, arrays and plain
 * objects. Much cheaper per row than a V8 serialiser, which is built anew for every value.
 */
const enum Tag {
  Null = 0,
  False = 1,
  True = 2,
  Number = 3,
  PositiveBigint = 4,
  NegativeBigint = 5,
  String = 6,
  Array = 7,
  Object = 8,
}

/** Unsigned LEB128. */
function writeLength(sink: ByteSink, n: number): void {
  do {
    const byte = n & 0x7f;
    n = Math.floor(n / 128);
    sink.byte(n > 0 ? byte | 0x80 : byte);
  } while (n > 0);
}

export function writeValue(sink: ByteSink, value: unknown): void {
  if (value === null || value === undefined) sink.byte(Tag.Null);
  else if (value === false) sink.byte(Tag.False);
  else if (value === true) sink.byte(Tag.True);
  else if (typeof value === 'number') {
    sink.byte(Tag.Number);
    sink.f64(value);
  } else if (typeof value === 'bigint') {
    const negative = value < 0n;
    let digits = (negative ? -value : value).toString(16);
    if (digits.length % 2) digits = `0${digits}`;
    sink.byte(negative ? Tag.NegativeBigint : Tag.PositiveBigint);
    writeLength(sink, digits.length / 2);
    sink.hex(digits);
  } else if (typeof value === 'string') {
    sink.byte(Tag.String);
    writeLength(sink, Buffer.byteLength(value));
    sink.utf8(value);
  } else if (Array.isArray(value)) {
    sink.byte(Tag.Array);
    writeLength(sink, value.length);
    for (const item of value) writeValue(sink, item);
  } else if (typeof value === 'object') {
    const keys = Object.keys(value);
    sink.byte(Tag.Object);
    writeLength(sink, keys.length);
    for (const key of keys) {
      writeValue(sink, key);
      writeValue(sink, (value as Record<string, unknown>)[key]);
    }
  } else throw new TypeError(`snapshot: cannot store a ${typeof value}`);
}

/** Reads one value written by `writeValue` from `bytes` at `at.offset`, advancing it. */
export function readValue(bytes: Buffer, at: { offset: number }): unknown {
  const tag = bytes[at.offset++] as Tag;
  const length = () => {
    let n = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at.offset++]!;
      n += (byte & 0x7f) * scale;
      if (byte < 0x80) return n;
      scale *= 128;
    }
  };
  switch (tag) {
    case Tag.Null:
      return null;
    case Tag.False:
      return false;
    case Tag.True:
      return true;
    case Tag.Number: {
      const n = bytes.readDoubleLE(at.offset);
      at.offset += 8;
      return n;
    }
    case Tag.PositiveBigint:
    case Tag.NegativeBigint: {
      const n = length();
      const magnitude = n === 0 ? 0n : BigInt(`0x${bytes.toString('hex', at.offset, at.offset + n)}`);
      at.offset += n;
      return tag === Tag.NegativeBigint ? -magnitude : magnitude;
    }
    case Tag.String: {
      const n = length();
      const text = bytes.toString('utf8', at.offset, at.offset + n);
      at.offset += n;
      return text;
    }
    case Tag.Array: {
      const n = length();
      const list: unknown[] = [];
      for (let i = 0; i < n; i++) list.push(readValue(bytes, at));
      return list;
    }
    case Tag.Object: {
      const n = length();
      const object: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        const key = readValue(bytes, at) as string;
        // An own property whatever its name: `object['__proto__'] = v` would set the prototype instead.
        Object.defineProperty(object, key, {
          value: readValue(bytes, at),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return object;
    }
    default:
      throw new RangeError(`snapshot: unknown value tag ${String(tag)}`);
  }
}
