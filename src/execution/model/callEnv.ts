import type { AccountId } from '../../chain/types.js';
import type { CallState } from '../executor.js';
import { ExecutionRefused } from '../../protocol/errors.js';
import { RPC_GAS_CAP } from '../executor.js';

/** Where a modelled call runs: the chain at a height, the contract called (a proxy's storage is its own), and the caller. */
export interface CallEnv {
  readonly ctx: CallState;
  readonly height: number;
  /** The account called (for a call through a proxy: the proxy). */
  readonly self: AccountId;
  /** Lower-case caller (`from`), or the zero address. */
  readonly from: string;
  readonly value: bigint;
}

/** What the models charge each call they evaluate: about what Multicall3 spends on an inner call (a cold call, a read, its loop). */
export const CALL_GAS = 5_000;

/**
 * The gas one call has left, shared by every call it makes (Multicall3's inner calls at every
 * level): the models run no EVM, so they charge each call `CALL_GAS` and each Multicall3 result
 * the memory it takes, as the EVM would, up to geth's cap.
 */
export interface CallBudget {
  gas: number;
}

export const callBudget = (): CallBudget => ({ gas: RPC_GAS_CAP });

/** Takes `gas` from the budget; past it, the call is out of gas. */
export function charge(budget: CallBudget, gas: number): void {
  budget.gas -= gas;
  if (budget.gas < 0) throw new OutOfGas();
}

/** The EVM's cost of memory holding `bytes`: 3 gas a word and the words squared over 512 (the yellow paper's C_mem). */
export const memoryGas = (bytes: number): number => {
  const words = Math.ceil(bytes / 32);
  return 3 * words + Math.floor((words * words) / 512);
};

/** A call past its gas: geth's answer to a call that runs out of it (the node's -32000 `out of gas`). */
export class OutOfGas extends ExecutionRefused {
  constructor() {
    super('out of gas');
  }
}
