import type { Abi } from 'abitype';
import * as AbiFunction from 'ox/AbiFunction';
import { describe, expect, it } from 'vitest';
import { callData, decodedCall, decodedInputView } from './abiCoder.js';

const ABI = [
  {
    type: 'function',
    name: 'add',
    inputs: [{ name: 'n', type: 'uint256' }],
    outputs: [],
    stateMutability: 'nonpayable',
  },
  { type: 'function', name: 'increment', inputs: [], outputs: [], stateMutability: 'nonpayable' },
  {
    type: 'function',
    name: 'pay',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amounts', type: 'uint256[]' },
    ],
    outputs: [],
    stateMutability: 'nonpayable',
  },
  { type: 'event', name: 'Incremented', inputs: [{ name: 'by', type: 'address', indexed: true }], anonymous: false },
] as const satisfies Abi;

const encode = (name: string, args: readonly unknown[], abi: Abi = ABI) =>
  AbiFunction.encodeData(AbiFunction.fromAbi(abi, name as never), args as never);

describe('a sent call read back with its contract’s ABI (decodedCall)', () => {
  it('finds the function by selector and decodes its arguments, as decoded_input then shows them', () => {
    const to = '0x000000000000000000000000000000000000dEaD';
    const call = decodedCall(encode('pay', [to, [1n, 2n]]), ABI)!;
    const selector = AbiFunction.getSelector(AbiFunction.fromAbi(ABI, 'pay'));
    expect(call).toEqual({ contractKind: 'custom', functionName: 'pay', args: [to.toLowerCase(), [1n, 2n]], selector });
    expect(decodedInputView(call, ABI)).toEqual({
      method_call: 'pay(address to, uint256[] amounts)',
      method_id: selector,
      parameters: [
        { name: 'to', type: 'address', value: to },
        { name: 'amounts', type: 'uint256[]', value: '["1","2"]' },
      ],
    });
    expect(decodedCall(encode('increment', []), ABI)).toEqual({
      contractKind: 'custom',
      functionName: 'increment',
      args: [],
      selector: '0xd09de08a',
    });
  });

  it('null for an input no function of the ABI takes: too short, an unknown selector, arguments that do not decode', () => {
    expect(decodedCall('0x', ABI)).toBeNull();
    expect(decodedCall('0x1003e2', ABI)).toBeNull();
    expect(decodedCall('0xdeadbeef', ABI)).toBeNull();
    // add(uint256)'s selector alone (ox decodes it to nothing): no argument, no call.
    expect(decodedCall(encode('add', [5n]).slice(0, 10) as `0x${string}`, ABI)).toBeNull();
    // add(uint256) with half a word of arguments.
    expect(decodedCall(`${encode('add', [5n]).slice(0, 42)}` as `0x${string}`, ABI)).toBeNull();
  });

  it('tells two overloads of one name and arity apart by their selectors (their signatures, as Blockscout decodes)', () => {
    const overloaded = [
      {
        type: 'function',
        name: 'set',
        inputs: [{ name: 'a', type: 'uint256' }],
        outputs: [],
        stateMutability: 'nonpayable',
      },
      {
        type: 'function',
        name: 'set',
        inputs: [{ name: 'b', type: 'address' }],
        outputs: [],
        stateMutability: 'nonpayable',
      },
    ] as const satisfies Abi;
    const first = AbiFunction.encodeData(overloaded[0], [7n]);
    const second = AbiFunction.encodeData(overloaded[1], ['0x000000000000000000000000000000000000dEaD']);
    const dead = '0x000000000000000000000000000000000000dEaD';
    const [one, other] = [decodedCall(first, overloaded)!, decodedCall(second, overloaded)!];
    expect(one).toMatchObject({ functionName: 'set', args: [7n] });
    expect(other).toMatchObject({ functionName: 'set', args: [dead.toLowerCase()] });
    expect(decodedInputView(other, overloaded)).toMatchObject({
      method_call: 'set(address b)',
      method_id: other.selector,
    });
    expect(callData(other, overloaded)).toBe(second);
    expect(decodedInputView(one, overloaded).method_call).toBe('set(uint256 a)');
  });
});
