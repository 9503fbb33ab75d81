import type { BlockContext } from '../../generators/ledger/blockContext.js';
import type { SendPlanner } from '../../generators/ledger/sent.js';
import type { LedgerState } from '../../generators/ledger/state.js';
import type { SentTransaction } from '../protocol/sentTransaction.js';
import type { Chain } from '../chain/types.js';
import type { TransactionTrace } from '../domain/callTrace.js';
import type { Facts } from '../domain/facts.js';
import type { Steps } from '../lazy/steps.js';
import type { AccessList, Hex } from '../protocol/transaction.js';

/** The chain a call reads, and its facts. */
export interface CallState {
  readonly chain: Chain;
  readonly facts: Facts;
}

/** A call as `eth_call` and `eth_estimateGas` take it (lower-case addresses; `to` null for creation code). */
export interface CallRequest {
  readonly from: string | null;
  readonly to: string | null;
  readonly data: Hex;
  readonly value: bigint;
}

/** What a call answers: return bytes, or a revert's bytes and reason. */
export type CallResult =
  | {
      readonly ok: true;
      readonly returnData: Hex;
      /** The function that ran (its token standard, when a token's): what its gas follows from. Absent for an account without code. */
      readonly ran?: { readonly standard?: string; readonly name: string };
    }
  | { readonly ok: false; readonly revertData: Hex; readonly reason: string | null };

/** geth's gas cap for `eth_call` and `eth_estimateGas` (`--rpc.gascap`): the most gas one may use. */
export const RPC_GAS_CAP = 50_000_000;

/**
 * How an executor answers: at once, later (a promise, where it runs on an EVM), or in steps (long
 * work, a Multicall3 of thousands of calls, that its caller runs in turns with other work).
 */
export type Answer<T> = T | Promise<T> | Steps<T>;

/** What `eth_estimateGas` answers: the gas a send of the call is mined with, or the call's revert. */
export type GasEstimate = { readonly ok: true; readonly gas: number } | Extract<CallResult, { ok: false }>;

/** geth's `RPCGasCap`: the most gas one `eth_call`, `eth_estimateGas` or `debug_traceCall` may use. */
export const CALL_GAS_CAP = BigInt(RPC_GAS_CAP);

/** What a trace collects, from `debug_traceTransaction`'s options. */
export interface TraceOptions {
  /** The struct logger's options (geth's default tracer); false for the callTracer (no steps kept). */
  readonly structLogs:
    | false
    | {
        readonly disableStack: boolean;
        readonly disableStorage: boolean;
        readonly enableMemory: boolean;
        readonly enableReturnData: boolean;
        /** Most struct logs kept (0: no limit but explorer-mock's cap). */
        readonly limit: number;
      };
  /** The callTracer's `onlyTopCall` and `withLog`. */
  readonly onlyTopCall: boolean;
  readonly withLog: boolean;
  /** How long the run may take (geth's `timeout`, 5 s by default): past it, `execution timeout`. */
  readonly timeoutMs: number;
}

/** An executor's part that runs sends before the pool takes them, on the open block's ledger. */
export interface SendsAhead {
  /** Whether `sent` is one it runs ahead on the open block's ledger `state` (a creation, a call of code of its own). */
  needs(state: LedgerState, sent: SentTransaction): boolean;
  /**
   * Runs a send on the ledger of the open block (`open`, what it took already included), in place
   * of any run kept of it;
   * `head` is the last mined chain, whose facts the contracts the ledger models answer from.
   * `moment`: how many happenings the live chain had recorded (what `forget` keeps by).
   */
  prepare(
    open: { readonly state: LedgerState; readonly ctx: BlockContext },
    head: Facts,
    sent: SentTransaction,
    moment: number,
  ): Promise<void>;
  /**
   * Whether a send was run ahead on the ledger at `position` (`ledgerPosition`): the pool may
   * apply it there. A run is kept once applied, so a replay of the same history (a chain rebuilt
   * after `evm_revert`) applies it again at the same place.
   */
  ready(hash: string, position: string): boolean;
  /**
   * Forgets the runs made at moment `from` or later (`evm_revert`: the history after it is gone,
   * and a later one may reach the same position with another ledger), or every run (a reset).
   */
  forget(from?: number): void;
  /** Forgets a send's run (one made for a place the ledger has left before the pool took it). */
  discard(hash: string): void;
}

/**
 * The execution port: what runs the transactions clients send and the calls they make. Sends
 * become the ledger's plans (the chain builder applies them), calls are answered at any block,
 * gas is estimated as a send would be mined. Today's implementation is the ledger's models of
 * what contracts do (`modelExecutor`); a real EVM is the second. Each method throws
 * `ExecutionRefused` (the node's -32000 error) for what it cannot run.
 */
export interface Executor {
  /** What runs: `model` (the ledger's models of tokens, catalogue contracts, declared reads, Multicall3). */
  readonly name: string;
  /** What a sent transaction does: the plan the open block applies. */
  readonly planSend: SendPlanner;
  /** Sends it runs ahead of the pool (an EVM runs asynchronously): `prepare` each before the pool takes it. */
  readonly ahead?: SendsAhead;
  /** The result of a call at block `height` of `state` (a promise where it runs on an EVM, steps where it is long). */
  call(state: CallState, request: CallRequest, height: number): Answer<CallResult>;
  /** The gas a send of the call (with `accessList`) is mined with at block `height`, or its revert. */
  estimateGas(state: CallState, request: CallRequest, height: number, accessList: AccessList): Answer<GasEstimate>;
  /**
   * The trace of transaction `at` of the chain: re-run on the EVM at its position where the EVM ran
   * it, else built from the chain's facts. Throws `ExecutionRefused` for a trace past its bounds.
   */
  trace(state: CallState, at: number, options: TraceOptions): TransactionTrace | Promise<TransactionTrace>;
  /** The trace of a call at block `height` (as `eth_call` runs it, its gas capped). */
  traceCall(
    state: CallState,
    request: CallRequest,
    height: number,
    options: TraceOptions,
  ): TransactionTrace | Promise<TransactionTrace>;
}
