import type { Abi, AbiParameter } from 'abitype';
import * as Abis from 'ox/Abi';
import type { ContractKind } from '../../src/chain/types.js';
import { SIGNATURES } from './signatures.js';

const ABIS = new Map<ContractKind, Abi>();

/**
 * The ABI of a kind of contract: what the chain calls it with and what its verified record
 * shows. A minimal proxy has none of its own (calls are decoded with its implementation's).
 *
 * @example
 * abiOf('erc20').find((x) => x.type === 'function' && x.name === 'transfer');
 */
export function abiOf(kind: ContractKind): Abi {
  let abi = ABIS.get(kind);
  if (!abi) {
    if (kind === 'custom')
      throw new Error("a scenario's own contract has its own ABI (Contract.custom), not the catalogue's");
    const signatures = SIGNATURES[kind];
    abi = signatures.length ? (Abis.from(signatures) as Abi) : [];
    ABIS.set(kind, abi);
  }
  return abi;
}

/** The constructor's inputs in an ABI (empty when it takes none). */
export function constructorInputsOf(abi: Abi): readonly AbiParameter[] {
  const constructor = abi.find((x) => x.type === 'constructor');
  return constructor && 'inputs' in constructor ? constructor.inputs : [];
}

/** The constructor's inputs of a kind (empty when it takes none). */
export const constructorInputs = (kind: ContractKind): readonly AbiParameter[] => constructorInputsOf(abiOf(kind));
