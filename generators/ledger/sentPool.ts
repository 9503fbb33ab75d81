import { stream } from '../random/stream.js';
import { applyTransaction } from './applyTransaction.js';
import type { BlockContext } from './blockContext.js';
import { type SendRunner, type SentTransaction, sentPlan } from './sent.js';
import { ledgerPosition } from './ledgerPosition.js';
import type { LedgerState } from './state.js';
import { SendRefused } from '../../src/protocol/errors.js';
import { initCodeProblem, intrinsicGas } from '../../src/protocol/intrinsicGas.js';
import { maxCost as maxCostOf } from '../../src/protocol/transactionType.js';
import { transactionType } from '../../src/protocol/transactionTypes.js';

export { SendRefused } from '../../src/protocol/errors.js';

/** How far past its next nonce a sender's transactions are queued (geth's per-account queue). */
export const MAX_NONCE_GAP = 64;

/**
 * The pool's room, in geth's slots of 32 KiB (a transaction takes one per 32 KiB it is long):
 * geth's `GlobalSlots` and `GlobalQueue` together (5,120 + 1,024), every transaction accepted and
 * not yet mined counted (in the open block, waiting for room, queued behind a gap).
 */
export const POOL_SLOTS = 4096 + 1024 + 1024;
const SLOT_BYTES = 32 * 1024;

/** The slots a transaction takes: its size (data and access list, and some 120 bytes of other fields and signature) in 32 KiB. */
export const slotsOf = (sent: SentTransaction): number => {
  const list = sent.signed.accessList;
  const size =
    120 + (sent.signed.input.length - 2) / 2 + list.reduce((n, entry) => n + 20 + 32 * entry.storageKeys.length, 0);
  return Math.ceil(size / SLOT_BYTES);
};

/** Where an accepted transaction went: into the open block, waiting for room in a later one, or queued behind a nonce gap. */
export type Admission = 'pending' | 'waiting' | 'queued';

/**
 * The transactions clients sent that are not mined yet, checked as a node's pool checks them.
 * One in order goes into the block being filled (the open block) while it has room, then waits
 * for the next; one past a nonce gap is queued until the gap fills.
 */
export class SentPool {
  /** Accepted, in order, with no room in the open block yet. */
  private readonly waiting: SentTransaction[] = [];
  /** Per sender, transactions past a nonce gap, by nonce. */
  private readonly queued = new Map<string, Map<number, SentTransaction>>();
  /** `from:nonce` of every accepted transaction not mined yet. */
  private readonly unmined = new Map<string, string>();
  /** The keys of those in the open block. */
  private inOpenBlock: string[] = [];
  /** The slots each accepted transaction not mined yet takes, by `from:nonce`, and their sum. */
  private readonly slots = new Map<string, number>();
  private slotsTaken = 0;
  /** How many transactions were accepted. */
  accepted = 0;

  constructor(
    private readonly state: LedgerState,
    private readonly blockGasLimit: number,
    /** What runs each transaction it lets into a block (the executor's send half). */
    private readonly runner: SendRunner,
  ) {}

  /** The next nonce of a sender: after what is mined, in the open block and waiting. */
  nextNonce(from: string): number {
    const id = this.state.byLower.get(from);
    const applied = id === undefined ? 0 : this.state.accounts[id]!.nonce;
    return applied + this.waiting.filter((w) => w.from === from).length;
  }

  private balanceOf(from: string): bigint {
    const id = this.state.byLower.get(from);
    return id === undefined ? 0n : this.state.accounts[id]!.balance;
  }

  /** The most a sender's accepted, unapplied transactions can spend (waiting and queued), as geth counts a sender's pool. */
  private committed(from: string): bigint {
    let total = 0n;
    for (const w of this.waiting) if (w.from === from) total += maxCostOf(w);
    for (const q of this.queued.get(from)?.values() ?? []) total += maxCostOf(q);
    return total;
  }

  /** Accepts a transaction into the pool (and the open block `ctx` when it is next and fits), or throws `SendRefused`. */
  submit(sent: SentTransaction, ctx: BlockContext): Admission {
    // A creation runs on an executor with an EVM, ahead of the pool; the models cannot run one.
    if (sent.to === null && !this.runner.ahead)
      throw new SendRefused(
        'explorer-mock does not run contract creation code (it has no EVM, only the ledger): declare the contract in the scenario instead (entities.contracts, with its artifact)',
      );
    const next = this.check(sent, ctx);
    const key = `${sent.from}:${sent.nonce}`;
    const slots = slotsOf(sent);
    this.entered = [];
    if (sent.nonce > next) {
      let mine = this.queued.get(sent.from);
      if (!mine) this.queued.set(sent.from, (mine = new Map()));
      mine.set(sent.nonce, sent);
      this.taken(key, slots);
      return 'queued';
    }
    const admitted = this.admit(sent, ctx);
    this.taken(key, slots);
    // A gap it filled lets the transactions queued behind it in.
    for (let n = sent.nonce + 1; ; n++) {
      const behind = this.queued.get(sent.from)?.get(n);
      if (!behind) break;
      this.queued.get(sent.from)!.delete(n);
      this.admit(behind, ctx);
    }
    return admitted;
  }

  /**
   * What a node checks of a transaction before its pool takes it (its form, gas, nonce, fees, the
   * sender's funds against block `ctx`, the pool's room): throws `SendRefused` saying why it would
   * refuse it; else the sender's next nonce.
   */
  check(sent: SentTransaction, ctx: BlockContext): number {
    if (sent.gasLimit > this.blockGasLimit) throw new SendRefused('exceeds block gas limit');
    const fieldProblem = transactionType(sent.type).fieldProblem(sent);
    if (fieldProblem) throw new SendRefused(fieldProblem);
    const initCode = initCodeProblem({ to: sent.to, input: sent.signed.input });
    if (initCode) throw new SendRefused(initCode);
    const intrinsic = intrinsicGas({
      to: sent.to,
      ...sent.signed,
      authorizations: sent.signed.authorizationList?.length ?? 0,
    });
    if (sent.gasLimit < intrinsic)
      throw new SendRefused(`intrinsic gas too low: gas ${sent.gasLimit}, minimum needed ${intrinsic}`);
    const key = `${sent.from}:${sent.nonce}`;
    const same = this.unmined.get(key) ?? this.queued.get(sent.from)?.get(sent.nonce)?.hash;
    if (same === sent.hash) throw new SendRefused('already known');
    if (same !== undefined)
      throw new SendRefused(
        `replacement transaction underpriced: explorer-mock does not replace a transaction waiting to be mined (${same} has nonce ${sent.nonce}); mine it first`,
      );
    if (sent.maxFeePerGas < ctx.baseFee)
      throw new SendRefused(
        `max fee per gas less than block base fee: address ${sent.from}, maxFeePerGas: ${sent.maxFeePerGas}, baseFee: ${ctx.baseFee}`,
      );
    const next = this.nextNonce(sent.from);
    if (sent.nonce < next) throw new SendRefused(`nonce too low: next nonce ${next}, tx nonce ${sent.nonce}`);
    if (sent.nonce > next + MAX_NONCE_GAP)
      throw new SendRefused(
        `nonce too high: next nonce ${next}, tx nonce ${sent.nonce} (at most ${MAX_NONCE_GAP} ahead are queued)`,
      );
    // Its own cost, and what the sender's waiting and queued transactions may still spend.
    const balance = this.balanceOf(sent.from);
    const cost = maxCostOf(sent) + this.committed(sent.from);
    if (balance < cost)
      throw new SendRefused(
        `insufficient funds for gas * price + value: balance ${balance}, tx cost ${cost}, overshot ${cost - balance}`,
      );
    // A full pool takes nothing more (geth would drop a cheaper transaction to make room; nothing accepted is dropped here).
    if (this.slotsTaken + slotsOf(sent) > POOL_SLOTS) throw new SendRefused('txpool is full');
    return next;
  }

  /** An accepted transaction takes its slots until it is mined. */
  private taken(key: string, slots: number): void {
    this.accepted++;
    this.slots.set(key, slots);
    this.slotsTaken += slots;
  }

  /** The transactions the last `submit` let into the pool (it, and those queued behind it), in order. */
  entered: string[] = [];

  /** Whether a transaction can go into the block `ctx` now: it pays the base fee and its sender can pay for it. */
  private payable(sent: SentTransaction, ctx: BlockContext): boolean {
    return sent.maxFeePerGas >= ctx.baseFee && this.balanceOf(sent.from) >= maxCostOf(sent);
  }

  /** Whether a transaction the executor runs ahead has no run made for the ledger as it is now. */
  private unrun(sent: SentTransaction, ctx: BlockContext): boolean {
    const ahead = this.runner.ahead;
    return ahead !== undefined && ahead.needs(this.state, sent) && !ahead.ready(sent, ledgerPosition(this.state, ctx));
  }

  /**
   * The transaction the pool waits on a run for: the first of those waiting, it fits the open block
   * and can pay, but it must be run ahead (on the EVM) on the ledger as it is now before the block
   * takes it; the ones after it wait behind it. Null when none.
   */
  stalled: SentTransaction | null = null;

  private admit(sent: SentTransaction, ctx: BlockContext): Admission {
    this.entered.push(sent.hash);
    // Into the block being filled when nothing waits before it, it fits, and it pays the base fee.
    if (this.waiting.length === 0 && ctx.gasUsed + sent.gasLimit <= ctx.gasLimit && this.payable(sent, ctx)) {
      if (!this.unrun(sent, ctx)) {
        this.apply(sent, ctx);
        return 'pending';
      }
      this.stalled = sent;
    }
    this.waiting.push(sent);
    this.unmined.set(`${sent.from}:${sent.nonce}`, sent.hash);
    return 'waiting';
  }

  private apply(sent: SentTransaction, ctx: BlockContext): void {
    const plan = this.runner.plan(this.state, sent, ledgerPosition(this.state, ctx)) ?? sentPlan(this.state, sent);
    applyTransaction(this.state, ctx, plan, stream(this.state.seed, `sent:${sent.hash}`));
    plan.onApplied?.();
    // Recorded once applied: a failure above leaves no trace in the pool.
    this.unmined.set(`${sent.from}:${sent.nonce}`, sent.hash);
    this.inOpenBlock.push(`${sent.from}:${sent.nonce}`);
  }

  /**
   * Puts waiting transactions into the open block, oldest first, while they fit (when it opens, and
   * again once a run the pool waited on is made); one that cannot be mined now (its fee cap under
   * the base fee, its sender short of funds) keeps its sender's later ones waiting behind it; one
   * with no run made yet (`stalled`) keeps every later one waiting. How many it put in.
   */
  fill(ctx: BlockContext): number {
    const left: SentTransaction[] = [];
    const blocked = new Set<string>();
    let stop = false;
    let filled = 0;
    this.stalled = null;
    for (const sent of this.waiting) {
      if (!stop && !blocked.has(sent.from) && ctx.gasUsed + sent.gasLimit > ctx.gasLimit) stop = true;
      if (stop || blocked.has(sent.from) || !this.payable(sent, ctx)) {
        blocked.add(sent.from);
        left.push(sent);
      } else if (this.unrun(sent, ctx)) {
        this.stalled = sent;
        stop = true;
        left.push(sent);
      } else {
        this.apply(sent, ctx);
        filled++;
      }
    }
    this.waiting.length = 0;
    this.waiting.push(...left);
    return filled;
  }

  /** The open block was sealed: what it held is mined. */
  sealed(): void {
    for (const key of this.inOpenBlock) {
      this.unmined.delete(key);
      this.slotsTaken -= this.slots.get(key) ?? 0;
      this.slots.delete(key);
    }
    this.inOpenBlock = [];
    this.stalled = null;
  }

  /** Whether a transaction waiting for room is one the executor must run ahead (a creation, a call of code of its own). */
  get waitingForRun(): boolean {
    const ahead = this.runner.ahead;
    return ahead !== undefined && this.waiting.some((sent) => ahead.needs(this.state, sent));
  }

  /** How many sent transactions the open block holds. */
  get inOpen(): number {
    return this.inOpenBlock.length;
  }

  /** Transactions accepted but not in the open block (waiting for room, or queued behind a gap). */
  get held(): number {
    let queued = 0;
    for (const mine of this.queued.values()) queued += mine.size;
    return this.waiting.length + queued;
  }

  /** Whether a transaction is accepted and not yet in a block. */
  holds(hash: string): boolean {
    if (this.waiting.some((w) => w.hash === hash)) return true;
    for (const mine of this.queued.values()) for (const q of mine.values()) if (q.hash === hash) return true;
    return false;
  }
}
