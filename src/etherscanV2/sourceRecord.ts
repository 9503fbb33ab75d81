import type { ContractArtifacts } from '../../generators/contracts/contractArtifacts.js';
import type { Hex } from '../chain/types.js';

/** Etherscan's names of the licenses it lists, by SPDX identifier (and by its own `licenseType` codes 1–14). */
const LICENSES: readonly (readonly [spdx: RegExp, name: string])[] = [
  [/^UNLICENSED$/i, 'None'],
  [/^Unlicense$/i, 'Unlicense'],
  [/^MIT$/i, 'MIT'],
  [/^GPL-2\.0/i, 'GNU GPLv2'],
  [/^GPL-3\.0/i, 'GNU GPLv3'],
  [/^LGPL-2\.1/i, 'GNU LGPLv2.1'],
  [/^LGPL-3\.0/i, 'GNU LGPLv3'],
  [/^BSD-2-Clause$/i, 'BSD-2-Clause'],
  [/^BSD-3-Clause$/i, 'BSD-3-Clause'],
  [/^MPL-2\.0$/i, 'MPL-2.0'],
  [/^OSL-3\.0$/i, 'OSL-3.0'],
  [/^Apache-2\.0$/i, 'Apache-2.0'],
  [/^AGPL-3\.0/i, 'GNU AGPLv3'],
  [/^BUSL-1\.1$/i, 'BSL 1.1'],
];
const LICENSE_CODES = LICENSES.map(([, name]) => name);

/** The license Etherscan shows: a submitted `licenseType` code (1–14), else the source's SPDX identifier; `None` without one. */
export function licenseOf(source: string, submitted: string | null): string {
  const code = submitted === null ? Number.NaN : Number(submitted);
  if (Number.isInteger(code) && code >= 1 && code <= LICENSE_CODES.length) return LICENSE_CODES[code - 1]!;
  const spdx = /SPDX-License-Identifier:\s*([A-Za-z0-9.+-]+)/.exec(source)?.[1];
  return LICENSES.find(([pattern]) => spdx !== undefined && pattern.test(spdx))?.[1] ?? 'None';
}

/** The metadata hash solc appends to the code, as Etherscan's `SwarmSource` writes it (`ipfs://…`, `bzzr://…`); empty without one. */
export function swarmSourceOf(deployed: Hex): string {
  const ipfs = /a2646970667358221220([0-9a-f]{64})/.exec(deployed);
  if (ipfs) return `ipfs://${ipfs[1]}`;
  const bzzr = /a165627a7a72(?:30|31)5820([0-9a-f]{64})/.exec(deployed);
  return bzzr ? `bzzr://${bzzr[1]}` : '';
}

/**
 * `SourceCode` as Etherscan serves it: a single file as it is; several files (or a standard-JSON
 * submission) as the standard-JSON input wrapped in one more pair of braces (`{{…}}`), which
 * clients unwrap.
 */
export function sourceCodeOf(a: ContractArtifacts): string {
  if (!a.filePath) return a.sourceCode;
  const sources: Record<string, { content: string }> = { [a.filePath]: { content: a.sourceCode } };
  for (const s of a.additionalSources) sources[s.filePath] = { content: s.sourceCode };
  const { compilationTarget: _, ...settings } = a.compilerSettings;
  const input = { language: a.language === 'vyper' ? 'Vyper' : 'Solidity', sources, settings };
  return `{${JSON.stringify(input)}}`;
}

/** Etherscan's `CompilerType`: `vyper`, `solc-j` for a standard-JSON input, `solc` for one file. */
export const compilerTypeOf = (a: ContractArtifacts): string =>
  a.language === 'vyper' ? 'vyper' : a.filePath ? 'solc-j' : 'solc';
