import type { Abi, AbiFunction } from 'abitype';
import * as AbiFunctions from 'ox/AbiFunction';
import * as AbiParameters from 'ox/AbiParameters';
import type { ContractKind, Hex } from '../../src/chain/types.js';
import { stream } from '../random/stream.js';
import { abiOf, constructorInputsOf } from './abiOf.js';
import { compilerOf } from './compiler.js';

export interface BytecodeInput {
  readonly seed: string;
  readonly kind: ContractKind;
  /** Contracts with the same bytecode label get identical bytecode. */
  readonly bytecodeLabel: string;
  readonly implementationAddress: Hex | null;
  readonly libraryAddress: Hex | null;
  /** The ABI whose selectors the dispatcher pushes (default: the kind's). */
  readonly abi?: Abi;
}

/** Filler bytes of a kind's code, so sizes look like the real contracts'. */
const SIZE: Readonly<Partial<Record<ContractKind, readonly [number, number]>>> = {
  erc20: [1_800, 2_600],
  erc721: [3_500, 5_200],
  erc1155: [3_800, 5_600],
  erc404: [4_200, 6_000],
  router: [5_000, 7_500],
  'lending-pool': [9_000, 12_000],
  library: [300, 700],
};
const LINKS_LIBRARY: ReadonlySet<ContractKind> = new Set(['erc1155', 'lending-pool']);
const strip = (hex: string) => hex.slice(2).toLowerCase();

/** The EIP-1167 minimal proxy for an implementation. */
export const minimalProxyBytecode = (implementation: Hex): Hex =>
  `0x363d3d373d3d3d363d73${strip(implementation)}5af43d82803e903d91602b57fd5bf3`;

/**
 * Runtime bytecode: the Solidity prelude, a dispatcher pushing every function selector of the
 * kind's ABI, seeded filler, the linked library's address where there is one, and the compiler's
 * metadata trailer. A failed creation never deployed anything: `0x`.
 */
export function deployedBytecode(input: BytecodeInput): Hex {
  if (input.kind === 'minimal-proxy') return minimalProxyBytecode(input.implementationAddress!);
  if (input.kind === 'failed-deploy') return '0x';
  const rng = stream(input.seed, `bytecode:${input.bytecodeLabel}`);
  const compiler = compilerOf(input.seed, input.bytecodeLabel, input.kind);
  const selectors = (input.abi ?? abiOf(input.kind))
    .filter((x): x is AbiFunction => x.type === 'function')
    .map((f) => strip(AbiFunctions.getSelector(f)));
  let jump = 0x100;
  const dispatcher = selectors.map((s) => `8063${s}1461${(jump += 0x40).toString(16).padStart(4, '0')}57`).join('');
  const [min, max] = SIZE[input.kind] ?? [900, 2_400];
  const filler = strip(rng.hex(rng.int(min, max)));
  const link = LINKS_LIBRARY.has(input.kind) && input.libraryAddress ? `73${strip(input.libraryAddress)}` : '';
  const trailer =
    compiler.language === 'vyper'
      ? `a165767970657283${compiler.versionBytes}000b`
      : `a2646970667358221220${strip(rng.hex(32))}64736f6c6343${compiler.versionBytes}0033`;
  return `0x608060405234801561001057600080fd5b50600436106100${selectors.length ? '41' : '00'}57600035${'60e01c'}${dispatcher}5b600080fd5b${filler.slice(0, filler.length / 2)}${link}${filler.slice(filler.length / 2)}fe${trailer}`;
}

/** The ABI-encoded constructor arguments, or null for a constructor without inputs. */
export function encodedConstructorArgs(abi: Abi, args: readonly unknown[]): Hex | null {
  const inputs = constructorInputsOf(abi);
  return inputs.length ? AbiParameters.encode(inputs, args as never) : null;
}

/**
 * Creation bytecode: an init prefix that copies the runtime code, the runtime code, then the
 * encoded constructor arguments (so the arguments are the bytecode's tail, as with solc).
 */
export function creationBytecode(
  input: BytecodeInput & { readonly constructorArgs: readonly unknown[]; readonly runtime?: Hex },
): Hex {
  const runtime = strip(
    input.runtime ?? deployedBytecode(input.kind === 'failed-deploy' ? { ...input, kind: 'destructible' } : input),
  );
  const length = (runtime.length / 2).toString(16).padStart(4, '0');
  const init = `608060405234801561001057600080fd5b5061${length}806100206000396000f3fe`;
  const args = encodedConstructorArgs(input.abi ?? abiOf(input.kind), input.constructorArgs);
  return `0x${init}${runtime}${args ? strip(args) : ''}`;
}
