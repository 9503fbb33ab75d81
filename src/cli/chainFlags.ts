import { scenarioNames } from '../../scenarios/index.js';

/** `--scenario` and `--seed`, shared by every command: validated, with their defaults. */
export function chainFlags(values: { readonly scenario?: string | undefined; readonly seed?: string | undefined }): { scenario: string; seed: string } | string {
  const scenario = values.scenario ?? 'default';
  if (!scenarioNames().includes(scenario)) return `unknown scenario "${scenario}"; known: ${scenarioNames().join(', ')}`;
  const seed = values.seed ?? '1';
  if (seed === '') return '--seed must not be empty';
  return { scenario, seed };
}
