import type { ScenarioInput } from './schema.js';

export type { ScenarioInput } from './schema.js';

/**
 * A scenario, typed: what a `.ts` or `.js` scenario file exports as its default. It checks the
 * shape while you type; the server checks the values when it loads the file.
 *
 * @example
 * import { defineScenario } from 'explorer-mock';
 * export default defineScenario({ extends: 'tiny', name: 'my-tiny', blocks: 60 });
 */
export const defineScenario = <S extends ScenarioInput>(scenario: S): S => scenario;
