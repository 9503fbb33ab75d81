import { type Block, type Chain, DEFAULT_CHAIN_ID, DEFAULT_SLOT_SECONDS, type Hex } from '../src/chain/types.js';
import { blockGasLimit, entityProblem } from '../scenarios/entities.js';
import { BuildChainError, type BuildChainOptions, resolveScenario, resolveSeed } from './chainInput.js';
import type { Scenario } from '../scenarios/types.js';
import { activitySteps } from './script/activitySteps.js';
import { exactLists } from './exactLists.js';
import { listSteps, withdrawalSchedule } from './script/listSteps.js';
import { namedContractSteps, predeployContracts } from './script/namedContractSteps.js';
import { namedTokenSteps, predeployTokens } from './script/namedTokenSteps.js';
import type { Scene } from './activity/context.js';
import { randomTransaction } from './activity/randomTransaction.js';
import { nextBaseFee } from './blocks/nextBaseFee.js';
import { EMPTY_ROOT, sealBlock } from './blocks/sealBlock.js';
import { MULTICALL3_ADDRESS, multicall3Code } from './contracts/multicall3.js';
import { finalize } from './finalize.js';
import { predeployContract } from './ledger/createContract.js';
import { applyTransaction } from './ledger/applyTransaction.js';
import { type BlockContext, ETHER, GWEI, maxFeeCapFor } from './ledger/blockContext.js';
import type { TxPlan } from './ledger/plan.js';
import { changeBalance } from './ledger/registerAccount.js';
import { createState, type LedgerState } from './ledger/state.js';
import type { SentTransaction } from './ledger/sent.js';
import { type Admission, SentPool } from './ledger/sentPool.js';
import { stream, type Stream } from './random/stream.js';
import type { Cast } from './script/cast.js';
import { createGenesis } from './script/genesis.js';
import { collectorSteps } from './script/collectorSteps.js';
import { setupSteps } from './script/setupSteps.js';
import { specialSteps } from './script/specialSteps.js';
import type { ScriptStep } from './script/step.js';

export { BuildChainError, type BuildChainOptions } from './chainInput.js';
export type { SentTransaction } from './ledger/sent.js';
export { type Admission, MAX_NONCE_GAP, SendRefused } from './ledger/sentPool.js';

const ZERO_HASH: Hex = `0x${'0'.repeat(64)}`;
const CLIENTS = [
  'geth/v1.14.11-stable/linux-amd64/go1.22.8',
  'nethermind/v1.29.1',
  'besu/v24.10.0',
  'erigon/2.60.10',
  'reth/v1.1.2',
];
const UNCLE_REWARD = (7n * 2n * ETHER) / 8n;
const REFERENCE_FEE = 2n * GWEI;

/** A non-consensus block at `height` on `parent`: an uncle or a reorged sibling. It holds no transactions. */
function sideBlock(
  state: LedgerState,
  cast: Cast,
  type: 'uncle' | 'reorg',
  height: number,
  parent: Block,
  timestamp: number,
  rng: Stream,
): Block {
  const validator = rng.pick(cast.validators);
  const difficulty = rng.bigint(17_000_000_000_000n, 18_000_000_000_000n);
  return sealBlock({
    type,
    height,
    parentHash: parent.hash,
    parentStateRoot: parent.stateRoot,
    timestamp,
    miner: state.accounts[validator.feeRecipientId]!.hash,
    minerId: validator.feeRecipientId,
    nonce: rng.hex(8),
    difficulty,
    totalDifficulty: parent.totalDifficulty + difficulty,
    client: CLIENTS[validator.index % CLIENTS.length]!,
    gasLimit: parent.gasLimit,
    gasUsed: 0,
    baseFeePerGas: nextBaseFee(parent),
    priorityFee: 0n,
    transactionFees: 0n,
    transactionHashes: [],
    transactionStart: state.transactions.length,
    withdrawalStart: state.withdrawals.length,
    withdrawalCount: 0,
    unclesHashes: [],
    rewards: type === 'uncle' ? [{ type: 'Uncle Reward', amount: UNCLE_REWARD }] : [],
    bodySize: 0,
  });
}

/** A block being filled: what sealing it needs. */
interface OpenBlock {
  readonly height: number;
  readonly parent: Block;
  /** The block's stream, drawn on when it is sealed (its nonce, difficulty and reorg) in the order a block mined at once draws. */
  readonly brng: Stream;
  readonly validatorIndex: number;
  readonly ctx: BlockContext;
  readonly withdrawalStart: number;
  readonly unclesHashes: readonly Hex[];
}

/** Builds a chain block by block and can go on: what a living chain grows with. */
export interface ChainBuilder {
  /** The height of the newest block mined so far. */
  readonly height: number;
  /** Mines blocks up to `height` (no-op when already there); the block being filled is sealed as it is. */
  mineTo(height: number): void;
  /** The chain as mined so far (a new, immutable view each call; earlier ones must no longer be served). */
  chain(): Chain;
  /**
   * Accepts a transaction a client sent into the next block (or to wait for room, or behind a
   * nonce gap), or throws `SendRefused` saying why a node would refuse it; `entered` are the
   * hashes it let into the pool (it, unless queued, and those queued behind a gap it filled). Call `chain()` for the
   * mined chain before the first send after mining: the next block is open from then on.
   */
  submit(sent: SentTransaction): { readonly admission: Admission; readonly entered: readonly string[] };
  /** The chain with the block being filled as its head: what the mempool shows (its head block is provisional). */
  pending(): Chain;
  /** The transactions clients sent: accepted in all, and held back (waiting for room or queued). */
  readonly sent: {
    readonly accepted: number;
    readonly held: number;
    holds(hash: string): boolean;
    /** An account's next nonce, counting what it sent that waits. */
    nextNonce(address: string): number;
  };
}

/**
 * How many 12-second (or `slotSeconds`) slots separate block `height` from genesis: each block
 * takes one slot, or two after a missed slot. Cheap: it draws only each block's first number.
 */
export function slotOf(options: BuildChainOptions, height: number): number {
  let slot = 0;
  for (let h = 1; h <= height; h++) slot += slotsOfBlock(options, h);
  return slot;
}

/** The slots block `height` takes: 2 after a missed slot, else 1. */
export function slotsOfBlock(options: BuildChainOptions, height: number): number {
  return stream(resolveSeed(options.seed), `block:${height}`).chance(resolveScenario(options.scenario).missedSlotRate)
    ? 2
    : 1;
}

/**
 * A chain builder that replays a scenario block by block: every balance, nonce, token holding and
 * count follows from the transactions. Block `k` (and everything in it) is a function of the
 * scenario, the seed and `k` alone, so a chain mined to `k` is the chain built with `head: k`.
 * Past the scenario's `blocks`, the chain goes on with the scenario's steady random activity.
 */
export function createChainBuilder(options: BuildChainOptions = {}): ChainBuilder {
  const scenario = resolveScenario(options.scenario);
  const seed = resolveSeed(options.seed);
  if (!(scenario.blocks >= 40))
    throw new BuildChainError(`buildChain: a scenario needs at least 40 blocks, got ${scenario.blocks}`);
  const genesisTime = options.genesisTime ?? scenario.genesisTimestamp;
  const slotSeconds = options.slotSeconds ?? DEFAULT_SLOT_SECONDS;
  if (!Number.isSafeInteger(genesisTime) || genesisTime < 0)
    throw new BuildChainError(`buildChain: genesisTime must be unix seconds, got ${genesisTime}`);
  if (!Number.isSafeInteger(slotSeconds) || slotSeconds < 1)
    throw new BuildChainError(`buildChain: slotSeconds must be a positive integer, got ${slotSeconds}`);
  const impossible = entityProblem(scenario);
  if (impossible) throw new BuildChainError(`buildChain: ${impossible.path}: ${impossible.problem}`, impossible.path);
  const exact = exactLists(
    scenario,
    (s) => {
      const builder = replay(s, seed, genesisTime, slotSeconds);
      builder.mineTo(s.blocks);
      return { builder, chain: builder.chain() };
    },
    (built) => built.chain,
  );
  // The guarantees' last build is the chain: it goes on from there.
  return exact.built?.builder ?? replay(exact.scenario, seed, genesisTime, slotSeconds);
}

/** The builder of a scenario whose list guarantees are the steps to add (see `exactLists`). */
function replay(scenario: Scenario, seed: string, genesisTime: number, slotSeconds: number): ChainBuilder {
  const state = createState(seed, scenario);
  const cast = createGenesis(state);
  predeployTokens(state, cast);
  predeployContracts(state, cast);
  // Multicall3 at its canonical address, as every chain has it (after the scenario's own, so they keep their ids).
  predeployContract(state, MULTICALL3_ADDRESS, {
    kind: 'custom',
    name: 'Multicall3',
    verification: 'full',
    constructorArgs: [],
    custom: multicall3Code(),
    bytecodeLabel: 'multicall3',
  });
  const gasLimit = blockGasLimit(scenario);
  const activity = activitySteps(state, cast);
  const queue: ScriptStep[] = [
    ...setupSteps(state, cast),
    ...specialSteps(state, cast),
    ...collectorSteps(state, cast),
    ...listSteps(state, cast),
    ...namedTokenSteps(state, cast),
    ...namedContractSteps(state, cast),
    ...activity.spread,
  ].sort((a, b) => a.notBefore - b.notBefore);
  const timed = [...activity.timed].sort((a, b) => a.notBefore - b.notBefore);
  let nextTimed = 0;
  const withdrawals = withdrawalSchedule(state, cast);
  let next = 0;
  const forced = {
    empty: Math.floor(scenario.blocks * 0.45),
    uncle: Math.floor(scenario.blocks * 0.5),
    reorg: Math.floor(scenario.blocks * 0.55),
  };

  const genesis = sealBlock({
    type: 'block',
    height: 0,
    parentHash: ZERO_HASH,
    parentStateRoot: EMPTY_ROOT,
    timestamp: genesisTime,
    miner: state.accounts[cast.zeroId]!.hash,
    minerId: cast.zeroId,
    nonce: '0x0000000000000042',
    difficulty: 17_179_869_184n,
    totalDifficulty: 17_179_869_184n,
    client: 'explorer-mock genesis',
    gasLimit,
    gasUsed: 0,
    baseFeePerGas: GWEI,
    priorityFee: 0n,
    transactionFees: 0n,
    transactionHashes: [],
    transactionStart: 0,
    withdrawalStart: 0,
    withdrawalCount: 0,
    unclesHashes: [],
    rewards: [],
    bodySize: 0,
  });
  state.blocks.push(genesis);
  state.lists[cast.zeroId]!.minedBlocks.push(0);

  let slot = 0;
  const pool = new SentPool(state, gasLimit);
  /** Opens block `height`: sent transactions waiting for room first, then the generated and scripted ones, its withdrawals and uncle. */
  const openBlock = (height: number): OpenBlock => {
    const parent = state.blocks[height - 1]!;
    const brng = stream(seed, `block:${height}`);
    slot += brng.chance(scenario.missedSlotRate) ? 2 : 1;
    const validator = brng.pick(cast.validators);
    const baseFee = nextBaseFee(parent);
    const ctx: BlockContext = {
      height,
      timestamp: genesisTime + slotSeconds * slot,
      minerId: validator.feeRecipientId,
      baseFee,
      maxFeeCap: maxFeeCapFor(baseFee),
      gasLimit,
      transactionStart: state.transactions.length,
      gasUsed: 0,
      priorityFee: 0n,
      transactionFees: 0n,
      logIndex: 0,
      size: 0,
    };
    const apply = (plan: TxPlan, rng: Stream) => {
      const index = applyTransaction(state, ctx, plan, rng);
      plan.onApplied?.();
      return index;
    };
    pool.fill(ctx);

    if (height !== forced.empty) {
      /** Runs the steps of `steps` due by now from `from` (the set-up ones only, when `setUpOnly`) while the block has room; returns where it stopped. */
      const runDue = (steps: readonly ScriptStep[], from: number, setUpOnly: boolean) => {
        let at = from;
        while (
          at < steps.length &&
          steps[at]!.notBefore <= height &&
          !(setUpOnly && steps[at]!.label.startsWith('special:'))
        ) {
          const step = steps[at]!;
          const scene: Scene = { state, cast, ctx, rng: stream(seed, step.label) };
          const plan = planPastStart(step, scene, height > scenario.blocks);
          if (plan === 'left out') {
            at++;
            continue;
          }
          if (!plan) throw new Error(`scripted step ${step.label} found nothing to do at block ${height}`);
          if (plan.gasUsed > gasLimit) throw new Error(`scripted step ${step.label} needs more gas than a block holds`);
          if (ctx.gasUsed + plan.gasUsed > gasLimit) break;
          const index = apply(plan, scene.rng);
          step.after?.(scene, index);
          at++;
        }
        return at;
      };
      next = runDue(queue, next, true);
      const setUp = next === queue.length || queue[next]!.label.startsWith('special:');
      // Scripted activity at its block goes before the spread-out steps, once the set-up is done.
      if (setUp) nextTimed = runDue(timed, nextTimed, false);
      next = runDue(queue, next, false);
      if (next === queue.length || queue[next]!.label.startsWith('special:')) {
        // Demand falls as the base fee rises, which keeps the fee near a reference level.
        const demand = Math.min(3, Math.max(0.25, Number(REFERENCE_FEE) / Number(ctx.baseFee)));
        const count = Math.round(scenario.transactionsPerBlock * demand * (0.4 + 1.2 * brng.next()));
        for (let k = 0; k < count; k++) {
          const label = `block:${height}:tx:${k}`;
          const scene: Scene = { state, cast, ctx, rng: stream(seed, label) };
          const plan = randomTransaction(scene, label);
          if (!plan) continue;
          if (ctx.gasUsed + plan.gasUsed > gasLimit) break;
          apply(plan, scene.rng);
        }
      }
    }

    const withdrawalStart = state.withdrawals.length;
    if (height >= 2) {
      const count = brng.int(0, Math.round(scenario.withdrawalsPerBlock * 2));
      const wrng = stream(seed, `block:${height}:withdrawals`);
      for (let i = 0; i < count; i++) {
        const v = wrng.pick(cast.validators);
        const amount = wrng.bigint(1_000_000n, 60_000_000n) * GWEI;
        const index = state.withdrawals.length;
        state.withdrawals.push({ index, validatorIndex: v.index, receiverId: v.withdrawalId, amount, block: height });
        state.lists[v.withdrawalId]!.withdrawals.push(index);
        changeBalance(state, v.withdrawalId, amount, height);
      }
    }
    for (const due of withdrawals.get(height) ?? []) {
      const amount = stream(seed, due.label).bigint(1_000_000n, 60_000_000n) * GWEI;
      const index = state.withdrawals.length;
      state.withdrawals.push({
        index,
        validatorIndex: due.validatorIndex,
        receiverId: due.receiverId,
        amount,
        block: height,
      });
      state.lists[due.receiverId]!.withdrawals.push(index);
      changeBalance(state, due.receiverId, amount, height);
    }

    const unclesHashes: Hex[] = [];
    if (height >= 2 && (height === forced.uncle || brng.chance(scenario.uncleRate))) {
      const urng = stream(seed, `block:${height}:uncle`);
      const uncle = sideBlock(
        state,
        cast,
        'uncle',
        height - 1,
        state.blocks[height - 2]!,
        parent.timestamp + urng.int(1, 4),
        urng,
      );
      state.uncles.push(uncle);
      unclesHashes.push(uncle.hash);
      changeBalance(state, uncle.minerId, UNCLE_REWARD, height);
    }
    return { height, parent, brng, validatorIndex: validator.index, ctx, withdrawalStart, unclesHashes };
  };

  /** The header of an open block as it is now, with the nonce and difficulty given. */
  const headerOf = (open: OpenBlock, nonce: Hex, difficulty: bigint): Block => {
    const { ctx, parent } = open;
    const block = sealBlock({
      type: 'block',
      height: open.height,
      parentHash: parent.hash,
      parentStateRoot: parent.stateRoot,
      timestamp: ctx.timestamp,
      miner: state.accounts[ctx.minerId]!.hash,
      minerId: ctx.minerId,
      nonce,
      difficulty,
      totalDifficulty: 0n,
      client: CLIENTS[open.validatorIndex % CLIENTS.length]!,
      gasLimit,
      gasUsed: ctx.gasUsed,
      baseFeePerGas: ctx.baseFee,
      priorityFee: ctx.priorityFee,
      transactionFees: ctx.transactionFees,
      transactionHashes: state.transactions.slice(ctx.transactionStart).map((t) => t.hash),
      transactionStart: ctx.transactionStart,
      withdrawalStart: open.withdrawalStart,
      withdrawalCount: state.withdrawals.length - open.withdrawalStart,
      unclesHashes: open.unclesHashes,
      rewards: [{ type: 'Miner Reward', amount: ctx.priorityFee }],
      bodySize: ctx.size,
    });
    return { ...block, totalDifficulty: parent.totalDifficulty + block.difficulty };
  };

  /** Seals an open block as it is: its header, then (now and then) a reorged sibling. */
  const sealOpen = (open: OpenBlock) => {
    const { height, parent, brng, ctx } = open;
    state.blocks.push(headerOf(open, brng.hex(8), brng.bigint(17_000_000_000_000n, 18_000_000_000_000n)));
    pool.sealed();
    state.lists[ctx.minerId]!.minedBlocks.push(height);

    if (height === forced.reorg || brng.chance(scenario.reorgRate)) {
      const rrng = stream(seed, `block:${height}:reorg`);
      state.reorgs.push(sideBlock(state, cast, 'reorg', height, parent, ctx.timestamp + rrng.int(0, 2), rrng));
    }
    if (height === scenario.blocks && nextTimed < timed.length && timed[nextTimed]!.notBefore <= height) {
      throw new BuildChainError(
        `buildChain: scenario ${scenario.name} ends before scripted activity at block ${timed[nextTimed]!.notBefore} could be mined (${timed[nextTimed]!.label}); raise blocks`,
        'blocks',
      );
    }
    if (height === scenario.blocks && next < queue.length) {
      throw new BuildChainError(
        `buildChain: scenario ${scenario.name} has too few blocks (${scenario.blocks}) for its scripted set-up (${queue[next]!.label} did not run); raise blocks or lower collectors`,
        'blocks',
      );
    }
  };

  let height = 0;
  let open: OpenBlock | null = null;
  let pendingChain: Chain | null = null;
  const finalized = (tail?: Block) =>
    finalize(
      state,
      { name: scenario.name, description: scenario.description },
      scenario.exchangeRate,
      scenario.chainId ?? DEFAULT_CHAIN_ID,
      tail,
    );
  return {
    get height() {
      return height;
    },
    mineTo(target: number) {
      if (!Number.isSafeInteger(target))
        throw new BuildChainError(`buildChain: head must be an integer, got ${target}`);
      while (height < target) {
        const block = open ?? openBlock(height + 1);
        open = null;
        pendingChain = null;
        sealOpen(block);
        height++;
      }
    },
    submit(sent) {
      open ??= openBlock(height + 1);
      const admission = pool.submit(sent, open.ctx);
      pendingChain = null;
      return { admission, entered: pool.entered };
    },
    pending() {
      open ??= openBlock(height + 1);
      pendingChain ??= finalized(headerOf(open, '0x0000000000000000', 0n));
      return pendingChain;
    },
    sent: {
      get accepted() {
        return pool.accepted;
      },
      get held() {
        return pool.held;
      },
      holds: (hash) => pool.holds(hash),
      nextNonce: (address) => pool.nextNonce(address.toLowerCase()),
    },
    chain() {
      if (open)
        throw new Error(
          'chain(): a block is open; this is the chain of the block before it only before the first send',
        );
      if (height < scenario.blocks)
        throw new BuildChainError(
          `buildChain: the chain needs its scenario's ${scenario.blocks} blocks before it can be served; at ${height}`,
        );
      nameNotables(state, cast, forced);
      return finalized();
    },
  };
}

/**
 * Builds the chain of a scenario (to its `blocks`, or to `head`). Deterministic: the same
 * scenario, seed and head give a deep-equal chain in any process.
 *
 * @example
 * const chain = buildChain({ scenario: 'tiny', seed: 7 });
 * chain.accounts[chain.richList[0]].hash; // the richest address
 */
export function buildChain(options: BuildChainOptions = {}): Chain {
  const builder = createChainBuilder(options);
  const head = options.head ?? resolveScenario(options.scenario).blocks;
  if (!Number.isSafeInteger(head) || head < resolveScenario(options.scenario).blocks) {
    throw new BuildChainError(
      `buildChain: head must be an integer at least the scenario's ${resolveScenario(options.scenario).blocks} blocks, got ${head}`,
    );
  }
  builder.mineTo(head);
  return builder.chain();
}

/**
 * A scripted step's plan. Past the scenario's start, what the file's checks vouched for may no
 * longer hold (a named account with a key may have spent what a step needed through the node): a
 * step that can no longer run as written is left out of the block, as a node would refuse it,
 * instead of stopping the chain.
 */
function planPastStart(step: ScriptStep, scene: Scene, pastStart: boolean): TxPlan | null | 'left out' {
  if (!pastStart) return step.plan(scene);
  try {
    return step.plan(scene) ?? 'left out';
  } catch (error) {
    if (error instanceof BuildChainError) return 'left out';
    throw error;
  }
}

/** Handles for the accounts and blocks that do not name themselves while the chain is built. */
function nameNotables(state: LedgerState, cast: Cast, forced: { empty: number; uncle: number; reorg: number }): void {
  const h = state.handles;
  const hashOf = (id: number) => state.accounts[id]!.hash;
  h.whale = hashOf(cast.whaleId);
  h.emptyAddress = hashOf(cast.emptyId);
  h.onePageAddress = hashOf(cast.onePageId);
  h.busyAddress = hashOf(cast.eoas[0]!);
  h.deployer = hashOf(cast.deployerId);
  h.validator = hashOf(cast.validators[0]!.feeRecipientId);
  h.withdrawalAddress = hashOf(cast.validators[0]!.withdrawalId);
  h.zeroAddress = hashOf(cast.zeroId);
  h.multicall3 = MULTICALL3_ADDRESS;
  const ens = state.accounts.find((a) => a.ensName);
  if (ens) h.ensAddress = ens.hash;
  const tagged = cast.eoas.map((id) => state.accounts[id]!).find((a) => a.publicTags.length && a.metadata);
  if (tagged) h.taggedAddress = tagged.hash;
  h.emptyBlock = state.blocks[forced.empty]!.hash;
  h.uncleBlock = state.uncles.find((b) => b.height === forced.uncle - 1)!.hash;
  h.blockWithUncle = state.blocks[forced.uncle]!.hash;
  h.reorgBlock = state.reorgs.find((b) => b.height === forced.reorg)!.hash;
  const busiest = state.blocks.reduce((best, b) => (b.transactionCount > best.transactionCount ? b : best));
  h.busiestBlock = busiest.hash;
  const own = [
    ...[...cast.named].map(([name, id]) => ({
      name,
      id,
      path: `entities.accounts[${state.scenario.entities!.accounts!.findIndex((a) => a.name === name)}].name`,
      what: 'the account',
    })),
    ...[...cast.namedTokens].map(([name, id]) => ({
      name,
      id,
      path: `entities.tokens[${state.scenario.entities!.tokens!.findIndex((t) => t.symbol === name)}].symbol`,
      what: 'the token',
    })),
    ...[...cast.namedContracts].map(([name, id]) => ({
      name,
      id,
      path: `entities.contracts[${state.scenario.entities!.contracts!.findIndex((c) => c.name === name)}].name`,
      what: 'the contract',
    })),
  ];
  for (const { name, id, path, what } of own) {
    if (h[name] !== undefined && h[name] !== hashOf(id))
      throw new BuildChainError(
        `buildChain: "${name}" is already a handle of every chain (${h[name]}); name ${what} otherwise`,
        path,
      );
    h[name] = hashOf(id);
  }
}
