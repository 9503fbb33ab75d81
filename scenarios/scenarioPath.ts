import { extname } from 'node:path';

/** The extensions a scenario file may have. */
export const SCENARIO_FILE_EXTENSIONS = ['.json', '.ts', '.mts', '.js', '.mjs'];

/** Whether `--scenario` (or a `scenario` option) names a file rather than a built-in scenario. */
export const isScenarioPath = (ref: string): boolean =>
  /[\\/]/.test(ref) || SCENARIO_FILE_EXTENSIONS.includes(extname(ref));
