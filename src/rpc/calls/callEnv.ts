import type { AccountId } from '../../chain/types.js';
import type { RpcContext } from '../context.js';

/** Where a modelled call runs: the chain at a height, the contract called (a proxy's storage is its own), and the caller. */
export interface CallEnv {
  readonly ctx: RpcContext;
  readonly height: number;
  /** The account called (for a call through a proxy: the proxy). */
  readonly self: AccountId;
  /** Lower-case caller (`from`), or the zero address. */
  readonly from: string;
  readonly value: bigint;
}

/** A call as `eth_call` takes it (lower-case addresses). */
export interface CallRequest {
  readonly from: string | null;
  readonly to: string | null;
  readonly data: `0x${string}`;
  readonly value: bigint;
}
