import { defaultScenario } from './default.js';
import { large } from './large.js';
import { tiny } from './tiny.js';
import type { Scenario } from './types.js';

export type { Scenario } from './types.js';

const SCENARIOS: Readonly<Record<string, Scenario>> = { tiny, default: defaultScenario, large };

/** Names of the built-in scenarios. */
export const scenarioNames = (): readonly string[] => Object.keys(SCENARIOS);

/** The scenario named `name`, or undefined. */
export const findScenario = (name: string): Scenario | undefined =>
  Object.hasOwn(SCENARIOS, name) ? SCENARIOS[name] : undefined;
