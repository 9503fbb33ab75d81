import type { AbiParameter } from 'abitype';
import { type AddressOf, argumentValue, type RawArgument } from '../../scenarios/abiArguments.js';
import { callAbi, type RawRead, readAbiName, readFunction } from '../../scenarios/contractEntities.js';
import type { NamedContract } from '../../scenarios/types.js';
import type { DeclaredRead } from '../../src/chain/types.js';
import { BuildChainError } from '../chainInput.js';

/**
 * A scenario's read of a named contract as the chain holds it, from block `fromBlock`: its
 * arguments and return values as ABI values, names resolved by `addressOf` (what exists now).
 * Throws `BuildChainError` at `path` for what does not fit.
 */
export function declaredReadOf(
  contracts: readonly NamedContract[],
  contract: NamedContract,
  raw: RawRead,
  fromBlock: number,
  addressOf: AddressOf,
  path: string,
): DeclaredRead {
  const fail = (where: string, problem: string) =>
    new BuildChainError(`buildChain: ${path}${where}: ${problem}`, `${path}${where}`);
  const fn = readFunction(callAbi(contracts, contract), raw, readAbiName(contract));
  if ('problem' in fn) throw fail(fn.field, fn.problem);
  const values = (parameters: readonly AbiParameter[], raws: readonly RawArgument[], field: string) =>
    parameters.map((p, k) => {
      const found = argumentValue(p, raws[k]!, addressOf);
      if ('problem' in found) throw fail(`${field}[${k}]`, found.problem);
      return found.value;
    });
  return {
    signature: raw.function,
    args: raw.args ? values(fn.inputs, raw.args, '.args') : null,
    returns: values(fn.outputs, raw.returns, '.returns'),
    fromBlock,
  };
}
