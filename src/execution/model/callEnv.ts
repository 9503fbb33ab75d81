import type { AccountId } from '../../chain/types.js';
import type { CallState } from '../executor.js';

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
