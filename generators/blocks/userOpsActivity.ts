import type { Scene } from '../activity/context.js';
import { erc20Mint } from '../activity/erc20.js';
import { roundAmount } from '../activity/pick.js';
import {
  bundlePlan,
  counterfactualAddress,
  deploymentOf,
  type Erc4337Book,
  type OpIntent,
  type OpRequest,
  paymasterDeposit,
  type SmartAccount,
  spendable,
} from '../activity/userOps.js';
import { applyTransaction } from '../ledger/applyTransaction.js';
import { type BlockContext, ETHER } from '../ledger/blockContext.js';
import type { TxPlan } from '../ledger/plan.js';
import type { LedgerState } from '../ledger/state.js';
import { stream } from '../random/stream.js';
import type { Cast } from '../script/cast.js';
import type { Erc4337Deployment, EntryPointVersion } from '../script/erc4337.js';

/** Mean user operations per block when a scenario does not say (`userOperationsPerBlock`). */
export const DEFAULT_USER_OPERATIONS_PER_BLOCK = 0.5;
/** Mean operations in one bundle. */
const OPS_PER_BUNDLE = 2.5;

/** The user-operation activity of each block: its scripted set-up and first operations, then drawn bundles. */
export interface UserOpsActivity {
  /** The accounts and deposits the generator keeps: a scenario's own operations draw on the same deposits. */
  readonly book: Erc4337Book;
  scripted(ctx: BlockContext): void;
  drawn(ctx: BlockContext): void;
}

/**
 * ERC-4337 activity, from streams of its own (after a block's other generated transactions, so
 * the rest of the block is drawn as before): the deployer funds both paymasters' deposits; smart
 * accounts (v0.6 for the older quarter, v0.7 for the rest, owned by EOAs of the cast) are created
 * by their factory on a first, sponsored operation; their owners fund them with coin and tokens;
 * bundlers (two EOAs) send handleOps with one to four operations of distinct senders: coin
 * payments, ERC-20 transfers, a batch, now and then a transfer above the balance that reverts,
 * some sponsored by the paymaster, on nonce key 0 or, for some, a key of their own. Every chain
 * has the first operation (handle `userOperation`, its account `smartAccount`) and a failed one.
 */
export function userOpsActivity(
  state: LedgerState,
  cast: Cast,
  deployments: readonly Erc4337Deployment[],
): UserOpsActivity {
  const { seed, scenario } = state;
  // The scripted steps: one block apart on a tiny chain, further on larger ones, from 4% of the blocks on.
  const spacing = Math.max(1, Math.floor(scenario.blocks / 50));
  const at = (step: number) => Math.max(3, Math.floor(0.04 * scenario.blocks)) + step * spacing;
  const perBlock = scenario.userOperationsPerBlock ?? DEFAULT_USER_OPERATIONS_PER_BLOCK;
  const eoas = cast.eoas;
  const accountCount = Math.max(4, Math.ceil(scenario.blocks / 25));
  const book: Erc4337Book = {
    deployments,
    accounts: Array.from({ length: accountCount }, (_, k): SmartAccount => {
      const version: EntryPointVersion = k % 4 === 1 ? '0.6' : '0.7';
      const ownerId = eoas[(3 + 7 * k) % eoas.length]!;
      const salt = BigInt(k);
      const factory = state.accounts[deploymentOf({ deployments } as Erc4337Book, version).factoryId]!.hash;
      return {
        hash: counterfactualAddress(factory, salt, version),
        version,
        ownerId,
        salt,
        id: null,
        sequences: new Map(),
      };
    }),
    deposits: new Map(),
  };
  const bundlers = [eoas[5 % eoas.length]!, eoas[13 % eoas.length]!];

  const run = (ctx: BlockContext, label: string, plan: (s: Scene) => TxPlan | null): boolean => {
    const scene: Scene = { state, cast, ctx, rng: stream(seed, label) };
    const planned = plan(scene);
    if (!planned || ctx.gasUsed + planned.gasUsed > ctx.gasLimit) return false;
    if (state.accounts[planned.fromId]!.balance < planned.value + BigInt(planned.gasLimit) * ctx.maxFeeCap)
      return false;
    applyTransaction(state, ctx, planned, scene.rng);
    planned.onApplied?.();
    return true;
  };

  const deployed = (version?: EntryPointVersion) =>
    book.accounts.filter((a) => a.id !== null && (version === undefined || a.version === version));

  /** What a deployed account does: mostly pay coin or send a token it holds; now and then a batch or a failing transfer. */
  const intentOf = (s: Scene, account: SmartAccount, forceFail: boolean): OpIntent => {
    const id = account.id!;
    const erc20s = cast.tokens['ERC-20'];
    const held = erc20s
      .map((tokenId) => ({ tokenId, amount: state.tokens.get(tokenId)!.balances.get(id) ?? 0n }))
      .filter((h) => h.amount > 0n);
    const toId = () => eoas[s.rng.int(0, eoas.length - 1)]!;
    if (forceFail || s.rng.chance(0.08)) {
      const tokenId = held.length ? held[0]!.tokenId : erc20s[0]!;
      const balance = held.length ? held[0]!.amount : 0n;
      return { kind: 'failing-token', tokenId, toId: toId(), amount: balance + roundAmount(balance / 2n + 10n ** 18n) };
    }
    if (held.length && s.rng.chance(0.45)) {
      const h = held[s.rng.int(0, held.length - 1)]!;
      return {
        kind: 'token',
        tokenId: h.tokenId,
        toId: toId(),
        amount: spendable(h.amount, s.rng.int(50, 400)) || h.amount,
      };
    }
    const balance = state.accounts[id]!.balance;
    const count = s.rng.chance(0.2) ? 2 : 1;
    const toIds = Array.from({ length: count }, toId);
    const values = toIds.map(() => spendable(balance, s.rng.int(10, 120)));
    return values.some((v) => v === 0n) ? { kind: 'noop' } : { kind: 'coin', toIds, values };
  };

  const requestOf = (s: Scene, account: SmartAccount, forceFail = false): OpRequest => {
    if (account.id === null) return { account, intent: { kind: 'noop' }, sponsored: true, key: 0n };
    return {
      account,
      intent: intentOf(s, account, forceFail),
      sponsored: s.rng.chance(0.35),
      key: s.rng.chance(0.12) ? BigInt(s.rng.int(1, 3)) : 0n,
    };
  };

  /** A bundle of `count` distinct senders of one version, fresh accounts first when `fresh` says so. */
  const bundle = (
    s: Scene,
    version: EntryPointVersion,
    count: number,
    options: { fresh?: SmartAccount; failing?: boolean; handle?: boolean } = {},
  ): TxPlan | null => {
    const pool = book.accounts.filter((a) => a.version === version && a !== options.fresh);
    const chosen: SmartAccount[] = options.fresh ? [options.fresh] : [];
    while (chosen.length < count && pool.length) chosen.push(pool.splice(s.rng.int(0, pool.length - 1), 1)[0]!);
    const requests = chosen.map((a, k) => requestOf(s, a, options.failing === true && k === chosen.length - 1));
    const bundler = bundlers[s.rng.int(0, bundlers.length - 1)]!;
    const built = bundlePlan(s, book, bundler, version, requests);
    if (!built) return null;
    const first = built.ops[0]!;
    if (!options.handle) return built.plan;
    return {
      ...built.plan,
      onApplied: () => {
        built.plan.onApplied?.();
        state.handles.userOperation = first.hash;
        state.handles.smartAccount = first.sender;
      },
    };
  };

  /** An owner tops up its smart account: coin, or a mint of an ERC-20 it can then send. */
  const fund = (s: Scene, account: SmartAccount): TxPlan | null => {
    const id = account.id;
    if (id === null) return null;
    if (s.rng.chance(0.35)) return erc20Mint(s, undefined, id);
    const owner = state.accounts[account.ownerId]!;
    const value = roundAmount(owner.balance / BigInt(s.rng.int(8, 40)));
    if (value === 0n) return null;
    return { fromId: account.ownerId, toId: id, value, gasUsed: 21_055, gasLimit: 30_000, call: null };
  };

  const v07 = book.accounts.find((a) => a.version === '0.7')!;
  const v06 = book.accounts.find((a) => a.version === '0.6')!;
  const scripted = new Map<number, (ctx: BlockContext) => void>([
    [at(0), (ctx) => run(ctx, 'user-ops:deposit:0.7', (s) => paymasterDeposit(s, book, '0.7', 50n * ETHER))],
    [at(1), (ctx) => run(ctx, 'user-ops:deposit:0.6', (s) => paymasterDeposit(s, book, '0.6', 20n * ETHER))],
    [at(2), (ctx) => run(ctx, 'user-ops:first', (s) => bundle(s, '0.7', 1, { fresh: v07, handle: true }))],
    [at(3), (ctx) => run(ctx, 'user-ops:first:0.6', (s) => bundle(s, '0.6', 1, { fresh: v06 }))],
    [at(4), (ctx) => run(ctx, 'user-ops:fund', (s) => fund(s, v07))],
    [at(5), (ctx) => run(ctx, 'user-ops:fund:0.6', (s) => fund(s, v06))],
    [at(6), (ctx) => run(ctx, 'user-ops:failing', (s) => bundle(s, '0.7', 2, { fresh: v07, failing: true }))],
  ]);

  return {
    book,
    scripted(ctx) {
      scripted.get(ctx.height)?.(ctx);
    },
    drawn(ctx) {
      const height = ctx.height;
      if (height <= at(6)) return;
      const brng = stream(seed, `block:${height}:user-ops`);
      // Owners top up accounts that run low.
      const low = deployed().filter((a) => state.accounts[a.id!]!.balance < ETHER / 20n);
      if (low.length && brng.chance(0.3)) {
        const account = low[brng.int(0, low.length - 1)]!;
        run(ctx, `block:${height}:user-ops:fund`, (s) => fund(s, account));
      }
      if (perBlock > 0 && brng.chance(Math.min(1, perBlock / OPS_PER_BUNDLE))) {
        const version: EntryPointVersion = brng.chance(0.25) ? '0.6' : '0.7';
        const count = brng.int(1, 4);
        run(ctx, `block:${height}:user-ops:bundle`, (s) => bundle(s, version, count));
      }
    },
  };
}
