export { startServer, StartServerError, type RunningServer, type StartServerOptions } from './startServer.js';
export { buildChain, BuildChainError, type BuildChainOptions } from '../generators/buildChain.js';
export { createApi, type CreateApiOptions } from './api/createApi.js';
export { createHandler, CreateHandlerError, type CreateHandlerOptions, type MockHandler } from './handler/createHandler.js';
export { exportFixtures, type ExportOptions, type ManifestEntry } from './export/exportFixtures.js';
export type { FaultConfig } from './faults/faultConfig.js';
export type { ApiHandler, ApiResponse } from './api/response.js';
export { scenarioNames, type Scenario } from '../scenarios/index.js';
export type * from './chain/types.js';
