import type { ContractKind, InternalTransaction } from '../../src/chain/types.js';
import { littleEndian64 } from '../../src/protocol/beaconDeposit.js';
import { GWEI } from './blockContext.js';
import type { TxPlan } from './plan.js';
import type { LedgerState } from './state.js';

/** An event a call emits, before its log index is known. */
export interface EventDraft {
  readonly emitterId: number;
  readonly contractKind: ContractKind;
  readonly name: string;
  readonly args: readonly unknown[];
}

/** What a rule sees: the executed call, its applied internal calls and the state after them. */
export interface EmittedBy {
  readonly state: LedgerState;
  readonly plan: TxPlan;
  /** The callee (a proxy emits its implementation's events under its own address). */
  readonly emitterId: number;
  readonly internals: readonly InternalTransaction[];
  readonly timestamp: number;
  /** How many events this emitter emitted before (a round id, a ping count). */
  readonly serial: number;
}

type Rule = (e: EmittedBy) => readonly Omit<EventDraft, 'emitterId'>[] | readonly EventDraft[];

const hashOf = (e: EmittedBy, id: number) => e.state.accounts[id]!.hash;
const args = (e: EmittedBy) => e.plan.call!.args;
/** The value the contract paid out by its last plain call (a withdrawal, a release). */
const paidOut = (e: EmittedBy) => e.internals.findLast((i) => i.type === 'call')?.value ?? 0n;
const createdBy = (e: EmittedBy) => e.internals.find((i) => i.type === 'create' || i.type === 'create2')!.createdId;
const lowerHex = (value: unknown) => String(value).toLowerCase() as `0x${string}`;
const one = (contractKind: ContractKind, name: string, values: readonly unknown[]) => [
  { contractKind, name, args: values },
];

/**
 * The events of each contract call, by `contractKind.functionName`: what the contract's source
 * emits, with arguments that follow from the call and its effects. Token transfers' events are not
 * here (they come from the transfers); a plan's `events` count is the number of rows a rule gives.
 */
const RULES: Record<string, Rule> = {
  'erc20.approve': (e) => one('erc20', 'Approval', [hashOf(e, e.plan.fromId), args(e)[0], args(e)[1]]),
  'erc721.setApprovalForAll': (e) =>
    one('erc721', 'ApprovalForAll', [hashOf(e, e.plan.fromId), args(e)[0], args(e)[1]]),
  'vault.deposit': (e) => one('vault', 'Deposited', [hashOf(e, e.plan.fromId), e.plan.value]),
  'vault.withdraw': (e) => one('vault', 'Withdrawn', [hashOf(e, e.plan.fromId), args(e)[0]]),
  'implementation.stake': (e) => one('implementation', 'Staked', [hashOf(e, e.plan.fromId), e.plan.value]),
  'implementation.unstake': (e) => one('implementation', 'Unstaked', [hashOf(e, e.plan.fromId), args(e)[0]]),
  'vyper-escrow.deposit': (e) => one('vyper-escrow', 'Deposited', [hashOf(e, e.plan.fromId), e.plan.value]),
  'vyper-escrow.release': (e) => one('vyper-escrow', 'Released', [args(e)[0], paidOut(e)]),
  'vyper-escrow.refund': (e) => one('vyper-escrow', 'Refunded', [hashOf(e, e.plan.fromId), paidOut(e)]),
  'router.swapExactETHForTokens': (e) =>
    one('router', 'Swap', [hashOf(e, e.plan.fromId), e.plan.value, args(e)[0], args(e)[2]]),
  'router.swapExactTokensForETH': (e) =>
    one('router', 'Swap', [hashOf(e, e.plan.fromId), args(e)[0], args(e)[1], args(e)[3]]),
  'oracle.updateAnswer': (e) => one('oracle', 'AnswerUpdated', [args(e)[0], BigInt(e.serial + 1), BigInt(e.timestamp)]),
  'multisig.executeTransaction': (e) =>
    one('multisig', e.internals.some((i) => !i.success) ? 'ExecutionFailure' : 'Execution', [args(e)[0]]),
  'lending-pool.deposit': (e) =>
    one('lending-pool', 'Deposit', [args(e)[0], hashOf(e, e.plan.fromId), args(e)[2], args(e)[1], args(e)[3]]),
  // The debt token's allowance to the pool is spent first (an Approval of what is left: none).
  'lending-pool.liquidationCall': (e) => [
    {
      emitterId: e.plan.transfers![0]!.tokenId,
      contractKind: 'erc20',
      name: 'Approval',
      args: [hashOf(e, e.plan.fromId), hashOf(e, e.emitterId), 0n],
    },
    {
      emitterId: e.emitterId,
      contractKind: 'lending-pool',
      name: 'LiquidationCall',
      args: [
        args(e)[0],
        args(e)[1],
        args(e)[2],
        args(e)[3],
        e.plan.transfers![1]!.amounts[0],
        hashOf(e, e.plan.fromId),
        args(e)[4],
      ],
    },
  ],
  'destructible.ping': (e) => one('destructible', 'Pinged', [hashOf(e, e.plan.fromId), BigInt(e.serial + 1)]),
  'factory.createClone': (e) => one('factory', 'CloneCreated', [args(e)[0], hashOf(e, createdBy(e))]),
  'factory.deploy': (e) => one('factory', 'Deployed', [args(e)[0], hashOf(e, createdBy(e))]),
  // The amount in gwei and the index (the contract's deposits before: it emits nothing else) as eight little-endian bytes.
  'deposit-contract.deposit': (e) =>
    one('deposit-contract', 'DepositEvent', [
      lowerHex(args(e)[0]),
      lowerHex(args(e)[1]),
      littleEndian64(e.plan.value / GWEI),
      lowerHex(args(e)[2]),
      littleEndian64(BigInt(e.serial)),
    ]),
};

/** The events a successful call emits, as many as its plan says, each with its emitter. */
export function eventsOf(e: EmittedBy): EventDraft[] {
  const call = e.plan.call;
  const rule = e.plan.emitted ? () => e.plan.emitted! : call && RULES[`${call.contractKind}.${call.functionName}`];
  if (!rule)
    throw new Error(`no event rule for ${call ? `${call.contractKind}.${call.functionName}` : 'a plain transfer'}`);
  const drafts = rule(e).map((d) => ({ emitterId: e.emitterId, ...d }));
  if (drafts.length !== e.plan.events)
    throw new Error(
      `${call?.contractKind}.${call?.functionName} emits ${drafts.length} events, its plan says ${e.plan.events}`,
    );
  return drafts;
}
