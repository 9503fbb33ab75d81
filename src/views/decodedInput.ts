import type { AbiFunction, AbiParameter } from 'abitype';
import * as Address from 'ox/Address';
import * as AbiFunctions from 'ox/AbiFunction';
import type { Call } from '../chain/types.js';
import { abiOf } from '../../generators/contracts/abiOf.js';

/** The ABI entry of a call's method. */
export function functionOf(call: Call): AbiFunction {
  const item = abiOf(call.contractKind).find((x): x is AbiFunction => x.type === 'function' && x.name === call.functionName && x.inputs.length === call.args.length);
  if (!item) throw new Error(`the ${call.contractKind} ABI has no ${call.functionName}/${call.args.length}`);
  return item;
}

/** The call's input: the 4-byte selector and the ABI-encoded arguments. */
export function callData(call: Call): `0x${string}` {
  return AbiFunctions.encodeData(functionOf(call), call.args as never);
}

/** A decoded value as the explorer prints it: every value a string, arrays as JSON text. */
function printValue(parameter: AbiParameter, value: unknown): string {
  if (parameter.type.endsWith(']')) {
    const inner = { ...parameter, type: parameter.type.slice(0, parameter.type.lastIndexOf('[')) };
    return `[${(value as unknown[]).map((v) => JSON.stringify(printValue(inner, v))).join(',')}]`;
  }
  if (parameter.type === 'address') return Address.checksum(value as string);
  return String(value);
}

/** `decoded_input` of a contract call: the signature, the selector and each argument. */
export function decodedInputView(call: Call) {
  const fn = functionOf(call);
  return {
    method_call: `${fn.name}(${fn.inputs.map((p) => `${p.type} ${p.name ?? ''}`.trim()).join(', ')})`,
    method_id: AbiFunctions.getSelector(fn),
    parameters: fn.inputs.map((p, i) => ({ name: p.name ?? '', type: p.type, value: printValue(p, call.args[i]) })),
  };
}
