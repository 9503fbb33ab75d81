import { parseArgs } from 'node:util';
import { scenarioNames } from '../../scenarios/index.js';
import { originOptionProblem } from '../domain/nftMedia.js';
import type { ExportOptions } from '../export/exportFixtures.js';
import type { Parsed } from './parseServeArgs.js';
import {
  CACHE_FLAG_OPTIONS,
  CACHE_USAGE,
  cacheFlags,
  chainFlags,
  PROFILE_FLAG_OPTIONS,
  PROFILE_USAGE,
  profileFlag,
} from './chainFlags.js';

export const EXPORT_USAGE = `Usage: explorer-mock export --out DIR [options]

Writes every endpoint's answer for every notable entity (and each list's first pages) to DIR,
byte for byte as the server sends them, with DIR/manifest.json mapping each URL to its file.

Options:
  --out <dir>          directory to write (required)
  --scenario <name>    ${scenarioNames().join(', ')} (default default), or a scenario file
  --seed <int|string>  seed of the chain (default 1)
  --pages <k>          pages of each list to follow (default 2)
  --public-url <url>   where the answers' NFT media URLs point (default http://127.0.0.1:4000,
                       the server's default address)
${PROFILE_USAGE}
${CACHE_USAGE}
  -h, --help           show this help
`;

/** The export command's flags, validated. */
export function parseExportArgs(argv: readonly string[]): Parsed<ExportOptions> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        out: { type: 'string' },
        scenario: { type: 'string' },
        seed: { type: 'string' },
        pages: { type: 'string' },
        'public-url': { type: 'string' },
        ...CACHE_FLAG_OPTIONS,
        ...PROFILE_FLAG_OPTIONS,
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  if (values.help) return { ok: 'help' };
  if (!values.out) return { ok: false, message: 'export needs --out <dir>' };
  const chain = chainFlags(values);
  if (typeof chain === 'string') return { ok: false, message: chain };
  const pages = values.pages ?? '2';
  if (!/^[1-9]\d{0,3}$/.test(pages))
    return { ok: false, message: `--pages must be an integer from 1 to 9999, got "${pages}"` };
  const cache = cacheFlags(values);
  if (typeof cache === 'object' && 'error' in cache) return { ok: false, message: cache.error };
  const profile = profileFlag(values);
  if (typeof profile === 'object') return { ok: false, message: profile.error };
  const originProblem =
    values['public-url'] === undefined ? undefined : originOptionProblem(values['public-url'], 'public-url');
  if (originProblem) return { ok: false, message: `--${originProblem}` };
  return {
    ok: true,
    options: {
      out: values.out,
      ...chain,
      pages: Number(pages),
      profile,
      ...(cache === undefined ? {} : { cache }),
      ...(values['public-url'] === undefined ? {} : { publicUrl: values['public-url'] }),
    },
  };
}
