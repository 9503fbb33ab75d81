import { DEFAULT_SLOT_SECONDS, type Chain } from '../src/chain/types.js';
import { ETHEREUM } from '../src/protocol/chainSpec.js';
import { entityProblem } from '../scenarios/entities.js';
import { BuildChainError, type BuildChainOptions, resolveScenario, resolveSeed } from './chainInput.js';
import type { ChainBuilder } from './chainBuilder.js';
import { exactLists } from './exactLists.js';
import { stream } from './random/stream.js';
import { replay } from './replay.js';
import { type SendRunner, sentPlan } from './ledger/sent.js';
import { contractRunsFor } from './ledger/contractRuns.js';

export { BuildChainError, type BuildChainOptions } from './chainInput.js';
export type { ChainBuilder } from './chainBuilder.js';
export type { SentTransaction } from './ledger/sent.js';
export { type Admission, MAX_NONCE_GAP, SendRefused } from './ledger/sentPool.js';

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
 * `sends` runs the transactions clients send (the execution port's send half; the ledger's
 * models by default).
 */
export function createChainBuilder(
  options: BuildChainOptions = {},
  sends: SendRunner = { plan: sentPlan },
): ChainBuilder {
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
  const contractRuns = contractRunsFor(scenario, seed, genesisTime, slotSeconds, options.contractRuns);
  const exact = exactLists(
    scenario,
    (s) => {
      const builder = replay({ scenario: s, seed, genesisTime, slotSeconds, spec: ETHEREUM, sends, contractRuns });
      builder.mineTo(s.blocks);
      return { builder, chain: builder.chain() };
    },
    (built) => built.chain,
  );
  // The guarantees' last build is the chain: it goes on from there.
  return (
    exact.built?.builder ??
    replay({ scenario: exact.scenario, seed, genesisTime, slotSeconds, spec: ETHEREUM, sends, contractRuns })
  );
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
