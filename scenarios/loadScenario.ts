import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import { findScenario, scenarioNames } from './index.js';
import { withArtifacts } from './artifact.js';
import { entityProblem } from './entities.js';
import { scenarioKnobs, scenarioFile } from './schema.js';
import { isScenarioPath, SCENARIO_FILE_EXTENSIONS } from './scenarioPath.js';
import type { Scenario } from './types.js';

/** A scenario that cannot be used: the file, the path inside it, and what is wrong. */
export class ScenarioError extends Error {
  override readonly name = 'ScenarioError';
  constructor(
    readonly file: string,
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${file}${path ? `: ${path}` : ''}: ${problem}`);
  }
}

const FILE_EXTENSIONS = SCENARIO_FILE_EXTENSIONS;

const pathOf = (issue: z.core.$ZodIssue) =>
  issue.path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');

function check<S extends z.ZodType>(schema: S, value: unknown, file: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new ScenarioError(file, pathOf(issue), issue.message);
}

/** The raw content of a scenario file: JSON, or a module's default export (TypeScript through tsx). */
async function readScenarioFile(file: string): Promise<unknown> {
  if (!existsSync(file)) throw new ScenarioError(file, '', 'no such file');
  const extension = extname(file);
  if (!FILE_EXTENSIONS.includes(extension))
    throw new ScenarioError(file, '', `a scenario file ends in ${FILE_EXTENSIONS.join(', ')}`);
  if (extension === '.json') {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as unknown;
    } catch (error) {
      throw new ScenarioError(file, '', `not JSON: ${(error as Error).message}`);
    }
  }
  let module: Record<string, unknown>;
  try {
    if (extension === '.ts' || extension === '.mts') {
      const { tsImport } = await import('tsx/esm/api');
      module = (await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>;
    } else module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new ScenarioError(file, '', `could not be loaded: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!('default' in module))
    throw new ScenarioError(file, '', 'export the scenario as default (export default defineScenario({...}))');
  return module.default;
}

/**
 * The scenario `ref` names: a built-in's name, or a scenario file (`.json`, `.ts`, `.mts`, `.js`,
 * `.mjs`) resolved against `from`. A file that `extends` another scenario changes its knobs; the
 * result is checked whole. Throws `ScenarioError` naming the file, the path inside it and the
 * problem. `read` collects every file read (for a watcher).
 */
export async function loadScenario(
  ref: string,
  from = process.cwd(),
  chain: readonly string[] = [],
  read: string[] = [],
): Promise<Scenario> {
  if (!isScenarioPath(ref)) {
    const found = findScenario(ref);
    if (!found)
      throw new ScenarioError(
        chain[chain.length - 1] ?? '--scenario',
        chain.length ? 'extends' : '',
        `unknown scenario "${ref}"; known: ${scenarioNames().join(', ')}`,
      );
    return found;
  }
  const file = resolve(from, ref);
  read.push(file);
  if (chain.includes(file))
    throw new ScenarioError(file, 'extends', `extends itself through ${[...chain, file].join(' -> ')}`);
  const raw = await readScenarioFile(file);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new ScenarioError(file, '', 'a scenario is an object');
  if (!('extends' in raw))
    return possible(artifactsRead(strip(check(scenarioFile.options[0], raw, file)), file, read), file);
  const own = artifactsRead(check(scenarioFile.options[1], raw, file), file, read);
  if (isScenarioPath(own.extends) && !existsSync(resolve(dirname(file), own.extends)))
    throw new ScenarioError(file, 'extends', `no such file: ${resolve(dirname(file), own.extends)}`);
  const base = await loadScenario(own.extends, dirname(file), [...chain, file], read);
  const { extends: _e, $schema: _s, tokens, testAccounts, entities, lists, activity, ...knobs } = own;
  const merged = {
    ...base,
    ...knobs,
    tokens: { ...base.tokens, ...tokens },
    ...(base.testAccounts || testAccounts ? { testAccounts: { ...base.testAccounts, ...testAccounts } } : {}),
  };
  // Entities and lists add to the base's.
  const accounts = [...(base.entities?.accounts ?? []), ...(entities?.accounts ?? [])];
  const tokenEntities = [...(base.entities?.tokens ?? []), ...(entities?.tokens ?? [])];
  const contracts = [...(base.entities?.contracts ?? []), ...(entities?.contracts ?? [])];
  if (accounts.length || tokenEntities.length || contracts.length)
    Object.assign(merged, {
      entities: {
        ...(accounts.length ? { accounts } : {}),
        ...(tokenEntities.length ? { tokens: tokenEntities } : {}),
        ...(contracts.length ? { contracts } : {}),
      },
    });
  const allActivity = [...(base.activity ?? []), ...(activity ?? [])];
  if (allActivity.length) Object.assign(merged, { activity: allActivity });
  const allLists = [...(base.lists ?? []), ...(lists ?? [])];
  if (allLists.length) Object.assign(merged, { lists: allLists });
  return possible(check(scenarioKnobs, merged, file), file);
}

/** The file's named contracts with their artifacts read (relative to the file); `read` collects the files. */
function artifactsRead<S extends Parameters<typeof withArtifacts>[0]>(scenario: S, file: string, read: string[]): S {
  const found = withArtifacts(scenario, dirname(file), read);
  if ('problem' in found) throw new ScenarioError(file, found.path, found.problem);
  return found;
}

/** The scenario, once its entities are shown possible (`entityProblem`). */
function possible(scenario: Scenario, file: string): Scenario {
  const found = entityProblem(scenario);
  if (found) throw new ScenarioError(file, found.path, found.problem);
  return scenario;
}

const strip = (scenario: Scenario & { $schema?: string | undefined }): Scenario => {
  const { $schema: _s, ...rest } = scenario;
  return rest;
};

/**
 * The `ScenarioError` of a `BuildChainError` that names a place in the scenario (`field`): what the
 * file asks that no chain can give. Null for any other error.
 */
export function scenarioErrorOf(file: string, error: unknown): ScenarioError | null {
  if (!(error instanceof Error) || error.name !== 'BuildChainError') return null;
  const { field } = error as Error & { field?: string };
  if (!field) return null;
  const problem = error.message.replace(/^buildChain: /, '');
  return new ScenarioError(file, field, problem.startsWith(`${field}: `) ? problem.slice(field.length + 2) : problem);
}
