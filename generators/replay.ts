import { type Block, type Chain, DEFAULT_CHAIN_ID, type Hex } from '../src/chain/types.js';
import type { ChainKind, ChainSpec } from '../src/protocol/chainSpec.js';
import { BuildChainError } from '../src/protocol/errors.js';
import { TYPE } from '../src/protocol/transactionTypes.js';
import { blockGasLimit } from '../scenarios/entities.js';
import type { Scenario } from '../scenarios/types.js';
import { blockTransactions } from './blocks/blockTransactions.js';
import { EMPTY_ROOT, sealBlock } from './blocks/sealBlock.js';
import { clientOf, drawDifficulty, sideBlock, UNCLE_REWARD } from './blocks/sideBlock.js';
import { setCodeActivity } from './blocks/setCodeActivity.js';
import { blobActivity } from './blocks/blobActivity.js';
import { blobBaseFee, nextExcessBlobGas } from '../src/protocol/blobGas.js';
import { userOpsActivity } from './blocks/userOpsActivity.js';
import { DEFAULT_BEACON_DEPOSITS_PER_BLOCK, depositActivity } from './blocks/depositActivity.js';
import { creditWithdrawals } from './blocks/withdrawals.js';
import type { ChainBuilder } from './chainBuilder.js';
import { MULTICALL3_ADDRESS, multicall3Code } from './contracts/multicall3.js';
import { finalize } from './finalize.js';
import { type BlockContext, maxFeeCapFor } from './ledger/blockContext.js';
import { predeployContract } from './ledger/createContract.js';
import { changeBalance } from './ledger/registerAccount.js';
import type { ContractRuns } from './ledger/contractRuns.js';
import type { SendRunner } from './ledger/sent.js';
import { applyStateEdit } from './ledger/stateEdits.js';
import { SentPool } from './ledger/sentPool.js';
import { createState, type LedgerState } from './ledger/state.js';
import { stream, type Stream } from './random/stream.js';
import type { Cast } from './script/cast.js';
import { predeployDelegates } from './script/delegates.js';
import { type Batcher, registerBatchers } from './script/batchers.js';
import { type Erc4337Deployment, predeployErc4337 } from './script/erc4337.js';
import { type DepositSetup, predeployDepositContract } from './script/depositContract.js';
import { createGenesis } from './script/genesis.js';
import { withdrawalSchedule } from './script/listSteps.js';
import { predeployContracts } from './script/namedContractSteps.js';
import { predeployTokens } from './script/namedTokenSteps.js';

const ZERO_HASH: Hex = `0x${'0'.repeat(64)}`;
const NO_NONCE: Hex = '0x0000000000000000';

/** A block being filled: what sealing it needs. */
interface OpenBlock {
  readonly height: number;
  readonly parent: Block;
  /** The block's stream, drawn on when it is sealed (its nonce, difficulty and reorg) in the order a block mined at once draws. */
  readonly brng: Stream;
  readonly validatorIndex: number;
  readonly ctx: BlockContext;
  /**
   * The rest of the block (its generated transactions, withdrawals and uncle), added once the sent
   * transactions that waited went in first: null until then (`completeBlock`).
   */
  rest: { readonly withdrawalStart: number; readonly unclesHashes: readonly Hex[] } | null;
}

/** What the replay of a scenario starts from and keeps fixed. */
export interface ReplayInput {
  readonly scenario: Scenario;
  readonly seed: string;
  readonly genesisTime: number;
  readonly slotSeconds: number;
  readonly spec: ChainSpec & { readonly kind: ChainKind };
  /** What runs the transactions clients send (the execution port's send half). */
  readonly sends: SendRunner;
  /** What the EVM did running the scenario's contracts' own code. */
  readonly contractRuns: ContractRuns;
}

/** The blocks every chain has at fixed heights (a share of the scenario's `blocks`), so each screen has one. */
const forcedOf = (blocks: number) => ({
  empty: Math.floor(blocks * 0.45),
  uncle: Math.floor(blocks * 0.5),
  reorg: Math.floor(blocks * 0.55),
});

/** Beacon deposits a block on average: none where the chain has no beacon chain deposits. */
const depositsPerBlock = (scenario: Scenario, spec: ChainSpec): number =>
  spec.features.beaconDeposits ? (scenario.beaconDepositsPerBlock ?? DEFAULT_BEACON_DEPOSITS_PER_BLOCK) : 0;

/** The genesis state: the scenario's accounts, its tokens and contracts, Multicall3 at its canonical address, and the code EOAs delegate to where the chain takes set-code transactions. */
function genesisState(
  scenario: Scenario,
  seed: string,
  spec: ChainSpec,
  contractRuns: ContractRuns,
): {
  state: LedgerState;
  cast: Cast;
  delegates: number[];
  batchers: Batcher[];
  erc4337: Erc4337Deployment[];
  deposits: DepositSetup | null;
} {
  const state = createState(seed, scenario, contractRuns);
  const cast = createGenesis(state);
  predeployTokens(state, cast);
  predeployContracts(state, cast);
  // After the scenario's own, so they keep their ids.
  predeployContract(state, MULTICALL3_ADDRESS, {
    kind: 'custom',
    name: 'Multicall3',
    verification: 'full',
    constructorArgs: [],
    custom: multicall3Code(),
    bytecodeLabel: 'multicall3',
  });
  const delegates = spec.transactionTypes.includes(TYPE.eip7702.id) ? predeployDelegates(state) : [];
  const batchers = spec.feeMarket.blobs ? registerBatchers(state) : [];
  const erc4337 = predeployErc4337(state);
  const deposits = depositsPerBlock(scenario, spec) > 0 ? predeployDepositContract(state) : null;
  return { state, cast, delegates, batchers, erc4337, deposits };
}

/**
 * The builder of a scenario, replayed block by block in phases the chain spec decides: each block
 * opens (its slot, validator and base fee), takes the sent transactions waiting, then the
 * generated ones; its withdrawals and uncle follow where the chain has them; it is sealed with its
 * proof-of-work fields and, now and then, a reorged sibling.
 */
export function replay({
  scenario,
  seed,
  genesisTime,
  slotSeconds,
  spec,
  sends,
  contractRuns,
}: ReplayInput): ChainBuilder {
  const { state, cast, delegates, batchers, erc4337, deposits } = genesisState(scenario, seed, spec, contractRuns);
  const gasLimit = blockGasLimit(scenario);
  // Scripted user operations draw on the generator's deposits (its book exists before any block runs).
  const transactions = blockTransactions(state, cast, () => userOps?.book ?? null);
  const setCode = delegates.length ? setCodeActivity(state, cast, delegates) : null;
  const blobsActivity = spec.feeMarket.blobs ? blobActivity(state, batchers, spec.feeMarket.blobs) : null;
  const userOps = erc4337.length ? userOpsActivity(state, cast, erc4337) : null;
  const beaconDeposits = deposits ? depositActivity(state, cast, deposits, depositsPerBlock(scenario, spec)) : null;
  const scheduledWithdrawals = withdrawalSchedule(state, cast);
  const forced = forcedOf(scenario.blocks);
  const { features } = spec;

  const genesis = sealBlock({
    type: 'block',
    height: 0,
    parentHash: ZERO_HASH,
    parentStateRoot: EMPTY_ROOT,
    timestamp: genesisTime,
    miner: state.accounts[cast.zeroId]!.hash,
    minerId: cast.zeroId,
    nonce: features.proofOfWork ? '0x0000000000000042' : NO_NONCE,
    difficulty: features.proofOfWork ? 17_179_869_184n : 0n,
    totalDifficulty: features.proofOfWork ? 17_179_869_184n : 0n,
    client: 'explorer-mock genesis',
    gasLimit,
    gasUsed: 0,
    baseFeePerGas: spec.feeMarket.initialBaseFee,
    priorityFee: 0n,
    transactionFees: 0n,
    transactionHashes: [],
    transactionStart: 0,
    withdrawalStart: 0,
    withdrawalCount: 0,
    unclesHashes: [],
    rewards: [],
    bodySize: 0,
    excessBlobGas: spec.feeMarket.blobs?.initialExcess ?? 0,
  });
  state.blocks.push(genesis);
  state.lists[cast.zeroId]!.minedBlocks.push(0);

  let slot = 0;
  /** Seconds clients moved the clock on by, and the time they set for the next block opened. */
  let timeOffset = 0;
  let nextTimestamp: number | null = null;
  /** The offset the last block opened had. */
  let offsetSealed = 0;
  const pool = new SentPool(state, gasLimit, sends);

  /** An uncle of block `height` (on its grandparent), its miner credited. */
  const addUncle = (height: number, parent: Block): Hex => {
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
    changeBalance(state, uncle.minerId, UNCLE_REWARD, height);
    return uncle.hash;
  };

  /** Opens block `height`: sent transactions waiting for room first, then the generated and scripted ones, its withdrawals and uncle. */
  const openBlock = (height: number): OpenBlock => {
    const parent = state.blocks[height - 1]!;
    const brng = stream(seed, `block:${height}`);
    slot += brng.chance(scenario.missedSlotRate) ? 2 : 1;
    const validator = brng.pick(cast.validators);
    const baseFee = spec.feeMarket.nextBaseFee(parent);
    // A client may move time on (a dev node's evm_increaseTime, evm_setNextBlockTimestamp): the slots keep their pace from there.
    if (nextTimestamp !== null) timeOffset = nextTimestamp - (genesisTime + slotSeconds * slot);
    nextTimestamp = null;
    if (timeOffset !== offsetSealed) state.stateEdits.push({ kind: 'clock', block: height });
    offsetSealed = timeOffset;
    const blobs = spec.feeMarket.blobs;
    const excessBlobGas = blobs ? nextExcessBlobGas(parent, blobs) : 0;
    const ctx: BlockContext = {
      height,
      timestamp: genesisTime + slotSeconds * slot + timeOffset,
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
      excessBlobGas,
      blobBaseFee: blobs ? blobBaseFee(excessBlobGas, blobs) : null,
      blobGasUsed: 0,
    };
    const block: OpenBlock = { height, parent, brng, validatorIndex: validator.index, ctx, rest: null };
    pool.fill(ctx);
    // A sent transaction that must run on the EVM first holds the rest of the block back (`resume`).
    if (!pool.stalled) completeBlock(block);
    return block;
  };

  /** Adds what follows the waiting sent transactions in an open block: the generated and scripted ones, its withdrawals and uncle. */
  const completeBlock = (block: OpenBlock): void => {
    if (block.rest) return;
    const { height, parent, brng, ctx } = block;
    if (height !== forced.empty) {
      setCode?.scripted(ctx);
      userOps?.scripted(ctx);
      transactions.fill(ctx, brng);
      setCode?.drawn(ctx);
      blobsActivity?.drawn(ctx);
      userOps?.drawn(ctx);
      beaconDeposits?.drawn(ctx);
    }
    const withdrawalStart = state.withdrawals.length;
    if (features.withdrawals) creditWithdrawals(state, cast, height, brng, scheduledWithdrawals.get(height) ?? []);
    const unclesHashes: Hex[] = [];
    if (features.uncles && height >= 2 && (height === forced.uncle || brng.chance(scenario.uncleRate)))
      unclesHashes.push(addUncle(height, parent));
    block.rest = { withdrawalStart, unclesHashes };
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
      client: clientOf(open.validatorIndex),
      gasLimit,
      gasUsed: ctx.gasUsed,
      baseFeePerGas: ctx.baseFee,
      priorityFee: ctx.priorityFee,
      transactionFees: ctx.transactionFees,
      transactionHashes: state.transactions.slice(ctx.transactionStart).map((t) => t.hash),
      transactionStart: ctx.transactionStart,
      withdrawalStart: open.rest?.withdrawalStart ?? state.withdrawals.length,
      withdrawalCount: state.withdrawals.length - (open.rest?.withdrawalStart ?? state.withdrawals.length),
      unclesHashes: open.rest?.unclesHashes ?? [],
      rewards: [{ type: 'Miner Reward', amount: ctx.priorityFee }],
      bodySize: ctx.size,
      blobGasUsed: ctx.blobGasUsed,
      excessBlobGas: ctx.excessBlobGas,
    });
    return { ...block, totalDifficulty: parent.totalDifficulty + block.difficulty };
  };

  /** Seals an open block as it is: its header, then (now and then) a reorged sibling. */
  const sealOpen = (open: OpenBlock) => {
    const { height, parent, brng, ctx } = open;
    const nonce = features.proofOfWork ? brng.hex(8) : NO_NONCE;
    state.blocks.push(headerOf(open, nonce, features.proofOfWork ? drawDifficulty(brng) : 0n));
    pool.sealed();
    state.lists[ctx.minerId]!.minedBlocks.push(height);
    if (features.reorgs && (height === forced.reorg || brng.chance(scenario.reorgRate))) {
      const rrng = stream(seed, `block:${height}:reorg`);
      state.reorgs.push(sideBlock(state, cast, 'reorg', height, parent, ctx.timestamp + rrng.int(0, 2), rrng));
    }
    const unfinished = transactions.unfinished(height);
    if (unfinished) throw unfinished;
  };

  let height = 0;
  let open: OpenBlock | null = null;
  let pendingChain: Chain | null = null;
  const finalized = (tail?: Block) =>
    finalize(
      state,
      { name: scenario.name, description: scenario.description },
      scenario.exchangeRate,
      { kind: spec.kind, chainId: scenario.chainId ?? DEFAULT_CHAIN_ID },
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
        // A run never made (no executor settled the stall): the block is sealed without what waits for it.
        completeBlock(block);
        sealOpen(block);
        height++;
      }
    },
    check(sent) {
      open ??= openBlock(height + 1);
      pool.check(sent, open.ctx);
    },
    submit(sent) {
      open ??= openBlock(height + 1);
      const admission = pool.submit(sent, open.ctx);
      pendingChain = null;
      return { admission, entered: pool.entered };
    },
    open() {
      open ??= openBlock(height + 1);
      return { state, ctx: open.ctx };
    },
    resume() {
      open ??= openBlock(height + 1);
      const filled = pool.fill(open.ctx);
      if (!pool.stalled) completeBlock(open);
      pendingChain = null;
      return filled;
    },
    get opened() {
      return open ? { sends: pool.inOpen } : null;
    },
    edit(edit) {
      applyStateEdit(state, edit, open ? open.height : height);
      pendingChain = null;
    },
    time: {
      shift(seconds) {
        if (nextTimestamp !== null) nextTimestamp += seconds;
        else timeOffset += seconds;
      },
      setNext(timestamp) {
        nextTimestamp = timestamp;
      },
    },
    pending() {
      open ??= openBlock(height + 1);
      pendingChain ??= finalized(headerOf(open, NO_NONCE, 0n));
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
      get stalled() {
        return open ? pool.stalled : null;
      },
      get waitingForRun() {
        return pool.waitingForRun;
      },
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

/** Handles for the accounts and blocks that do not name themselves while the chain is built. */
function nameNotables(state: LedgerState, cast: Cast, forced: ReturnType<typeof forcedOf>): void {
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
  // Where the chain has uncles and reorgs (its spec's features), every chain has one of each.
  const uncle = state.uncles.find((b) => b.height === forced.uncle - 1);
  if (uncle) {
    h.uncleBlock = uncle.hash;
    h.blockWithUncle = state.blocks[forced.uncle]!.hash;
  }
  const reorg = state.reorgs.find((b) => b.height === forced.reorg);
  if (reorg) h.reorgBlock = reorg.hash;
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
  for (const [name, account] of cast.namedSmartAccounts) {
    if (h[name] !== undefined && h[name] !== account.hash)
      throw new BuildChainError(
        `buildChain: "${name}" is already a handle of every chain (${h[name]}); name the smart account otherwise`,
        account.path,
      );
    h[name] = account.hash;
  }
  for (const { name, id, path, what } of own) {
    if (h[name] !== undefined && h[name] !== hashOf(id))
      throw new BuildChainError(
        `buildChain: "${name}" is already a handle of every chain (${h[name]}); name ${what} otherwise`,
        path,
      );
    h[name] = hashOf(id);
  }
}
