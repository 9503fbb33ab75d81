import type { ContractKind } from '../../src/chain/types.js';
import { stream } from '../random/stream.js';

export interface Compiler {
  readonly language: 'solidity' | 'vyper';
  readonly version: string;
  /** The version as the metadata trailer's three bytes, hex. */
  readonly versionBytes: string;
  readonly evmVersion: string;
}

const SOLC = [
  ['v0.8.19+commit.7dd6d404', '000813', 'paris'],
  ['v0.8.20+commit.a1b79de6', '000814', 'shanghai'],
  ['v0.8.21+commit.d9974bed', '000815', 'shanghai'],
  ['v0.8.24+commit.e11b9ed9', '000818', 'cancun'],
  ['v0.8.26+commit.8a97fa7a', '00081a', 'cancun'],
] as const;

/** The catalogue's compilers: the Solidity releases its contracts are drawn from, and its Vyper one. */
export const CATALOGUE_COMPILERS: readonly { readonly language: 'solidity' | 'vyper'; readonly version: string }[] = [
  ...SOLC.map(([version]) => ({ language: 'solidity' as const, version })),
  { language: 'vyper', version: 'v0.3.10' },
];

/** The compiler of a contract's bytecode: drawn from its bytecode label, so twins share it. */
export function compilerOf(seed: string, bytecodeLabel: string, kind: ContractKind): Compiler {
  if (kind === 'vyper-escrow')
    return { language: 'vyper', version: 'v0.3.10', versionBytes: '00030a', evmVersion: 'shanghai' };
  const [version, versionBytes, evmVersion] = stream(seed, `compiler:${bytecodeLabel}`).pick(SOLC);
  return { language: 'solidity', version, versionBytes, evmVersion };
}
