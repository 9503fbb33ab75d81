import { type AbiFunction, type AbiParameter, encodeFunctionData, getAddress, toFunctionSelector } from 'viem';
import type { Call, Transaction } from '../chain/types.js';
import { abiOf } from '../../generators/contracts/abiOf.js';

/** The ABI entry of a call's method. */
export function functionOf(call: Call): AbiFunction {
  const item = abiOf(call.contractKind).find((x): x is AbiFunction => x.type === 'function' && x.name === call.functionName && x.inputs.length === call.args.length);
  if (!item) throw new Error(`the ${call.contractKind} ABI has no ${call.functionName}/${call.args.length}`);
  return item;
}

/** The method a transaction calls, or null for transfers and creations. */
export const methodName = (transaction: Transaction): string | null => transaction.call?.functionName ?? null;

/** The call's input: the 4-byte selector and the ABI-encoded arguments. */
export function callData(call: Call): `0x${string}` {
  return encodeFunctionData({ abi: [functionOf(call)], functionName: call.functionName, args: call.args as unknown[] });
}

/** A decoded value as the explorer prints it: every value a string, arrays as JSON text. */
function printValue(parameter: AbiParameter, value: unknown): string {
  if (parameter.type.endsWith(']')) {
    const inner = { ...parameter, type: parameter.type.slice(0, parameter.type.lastIndexOf('[')) };
    return `[${(value as unknown[]).map((v) => JSON.stringify(printValue(inner, v))).join(',')}]`;
  }
  if (parameter.type === 'address') return getAddress(value as string);
  return String(value);
}

/** `decoded_input` of a contract call: the signature, the selector and each argument. */
export function decodedInputView(call: Call) {
  const fn = functionOf(call);
  return {
    method_call: `${fn.name}(${fn.inputs.map((p) => `${p.type} ${p.name ?? ''}`.trim()).join(', ')})`,
    method_id: toFunctionSelector(fn),
    parameters: fn.inputs.map((p, i) => ({ name: p.name ?? '', type: p.type, value: printValue(p, call.args[i]) })),
  };
}
