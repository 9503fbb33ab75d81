import type { FaultConfig } from './faultConfig.js';
import { createFaultPlanner, type FaultPlan, type FaultRequest } from './planFaults.js';

/** The faults of a server's requests: whether flags set any, and the planner (shared with its websocket upgrades, so the n-th request is the n-th of both). */
export interface ServerFaults {
  readonly configured: boolean;
  readonly plan: (request: FaultRequest) => FaultPlan;
}

export const serverFaults = (config: FaultConfig, seed: string): ServerFaults => ({
  configured: Object.values(config).some((v) => v !== undefined),
  plan: createFaultPlanner(config, seed),
});
