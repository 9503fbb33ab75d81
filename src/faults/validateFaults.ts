import { type FaultConfig, isErrorStatus, latencyRange, MAX_LATENCY_MS } from './faultConfig.js';

/** What is wrong with a fault configuration given as options, or undefined when it is usable. */
export function validateFaults(faults: FaultConfig): string | undefined {
  const { latency, errorRate, errorStatuses, rateLimit } = faults;
  const range = latency === undefined ? undefined : latencyRange(latency);
  if (
    range &&
    !(
      Number.isInteger(range.min) &&
      Number.isInteger(range.max) &&
      range.min >= 0 &&
      range.min <= range.max &&
      range.max <= MAX_LATENCY_MS
    )
  ) {
    return `faults.latency must be whole milliseconds (a number, or { min, max } with 0 <= min <= max <= ${MAX_LATENCY_MS}), got ${JSON.stringify(latency)}`;
  }
  if (errorRate !== undefined && !(errorRate >= 0 && errorRate <= 1))
    return `faults.errorRate must be from 0 to 1, got ${errorRate}`;
  if (errorStatuses && !errorStatuses.every(isErrorStatus))
    return `faults.errorStatuses must be statuses from 400 to 599, got ${JSON.stringify(errorStatuses)}`;
  if (rateLimit && !(Number.isInteger(rateLimit.limit) && rateLimit.limit > 0 && rateLimit.windowMs > 0)) {
    return `faults.rateLimit must have a positive integer limit and window, got ${JSON.stringify(rateLimit)}`;
  }
  return undefined;
}
