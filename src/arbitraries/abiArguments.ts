import fc from 'fast-check';
import type { AbiFunction, AbiParameter } from 'abitype';
import { addressHash, hexBytes, label } from './primitives.js';

/** Values of one ABI type, shrinking towards small numbers, short arrays and plain text. */
export function abiValue(type: string): fc.Arbitrary<unknown> {
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array) {
    const inner = abiValue(array[1]!);
    return array[2]
      ? fc.array(inner, { minLength: Number(array[2]), maxLength: Number(array[2]) })
      : fc.array(inner, { maxLength: 4 });
  }
  if (type === 'address') return addressHash();
  if (type === 'bool') return fc.boolean();
  if (type === 'string') return label(20);
  if (type === 'bytes') return hexBytes(40);
  const fixed = /^bytes(\d+)$/.exec(type);
  if (fixed)
    return fc
      .uint8Array({ minLength: Number(fixed[1]), maxLength: Number(fixed[1]) })
      .map((b) => `0x${Buffer.from(b).toString('hex')}`);
  const uint = /^uint(\d*)$/.exec(type);
  if (uint) {
    const bits = BigInt(uint[1] || 256);
    const max = 2n ** bits - 1n;
    return fc
      .oneof(fc.bigInt({ min: 0n, max: max < 10n ** 6n ? max : 10n ** 6n }), fc.bigInt({ min: 0n, max }))
      .map((v) => (bits <= 48n ? Number(v) : v));
  }
  const int = /^int(\d*)$/.exec(type);
  if (int) {
    const bits = BigInt(int[1] || 256);
    return fc
      .bigInt({ min: -(2n ** (bits - 1n)), max: 2n ** (bits - 1n) - 1n })
      .map((v) => (bits <= 48n ? Number(v) : v));
  }
  throw new Error(`abiValue: no arbitrary for ABI type ${type}`);
}

/** Arguments for a function's (or constructor's) inputs. */
export const abiArguments = (inputs: readonly AbiParameter[]): fc.Arbitrary<unknown[]> =>
  fc.tuple(...inputs.map((p) => abiValue(p.type)));

export const isWriteFunction = (item: { type: string }): item is AbiFunction =>
  item.type === 'function' &&
  (item as AbiFunction).stateMutability !== 'view' &&
  (item as AbiFunction).stateMutability !== 'pure';
