export { startServer, StartServerError, type RunningServer, type StartServerOptions } from './startServer.js';
export {
  buildChain,
  BuildChainError,
  type BuildChainOptions,
  createChainBuilder,
  type ChainBuilder,
} from '../generators/buildChain.js';
export { runContractCode } from './execution/contractRuns.js';
export type { ContractRun, ContractRuns } from '../generators/ledger/contractRuns.js';
export { MineError, MAX_MINE } from './live/mineError.js';
export { createApi, type CreateApiOptions } from './app/createApi.js';
export {
  createHandler,
  CreateHandlerError,
  type CreateHandlerOptions,
  type MockHandler,
} from './handler/createHandler.js';
export { exportFixtures, type ExportOptions, type ManifestEntry } from './export/exportFixtures.js';
export type { FaultConfig } from './faults/faultConfig.js';
export type { Profile } from './schemas/profile.js';
export type { CacheOption, CacheOptions } from './snapshotCache/cacheSettings.js';
export type { ChainOrigin } from './snapshotCache/openChain.js';
export type { ApiHandler, ApiResponse } from './rest/response.js';
export { scenarioNames, type Scenario } from '../scenarios/index.js';
export { defineScenario, type ScenarioInput } from '../scenarios/defineScenario.js';
export { loadScenario, ScenarioError } from '../scenarios/loadScenario.js';
export type * from './chain/types.js';
