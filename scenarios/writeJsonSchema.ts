/**
 * Build step: writes the scenario files' JSON Schema to `dist/scenario.schema.json`, shipped in the
 * package (`explorer-mock/scenario.schema.json`) for editors that cannot reach a running server.
 */
import { writeFileSync } from 'node:fs';
import { scenarioJsonSchema } from './schema.js';

writeFileSync(
  new URL('../scenario.schema.json', import.meta.url),
  `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`,
);
