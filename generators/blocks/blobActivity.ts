import { type BlobSchedule, GAS_PER_BLOB } from '../../src/protocol/blobGas.js';
import { BLOB_BODIES } from '../../src/protocol/blobData.js';
import { TYPE } from '../../src/protocol/transactionTypes.js';
import { applyTransaction } from '../ledger/applyTransaction.js';
import type { BlockContext } from '../ledger/blockContext.js';
import { GWEI } from '../ledger/blockContext.js';
import type { TxPlan } from '../ledger/plan.js';
import type { LedgerState } from '../ledger/state.js';
import { type Stream, stream } from '../random/stream.js';
import type { Batcher } from '../script/batchers.js';

/** Chance per block of a rollup posting a batch as blobs, outside the busy spell. */
const BATCH_RATE = 0.05;
/** The most blobs one transaction carries (EIP-7594's per-transaction limit, which batchers keep to). */
export const MAX_BLOBS_PER_TRANSACTION = 6;

/** The blob activity of each block (after its other transactions, from streams of its own). */
export interface BlobActivity {
  drawn(ctx: BlockContext): void;
}

/**
 * EIP-4844 activity: rollup batchers posting batches as blob transactions to their inboxes, 1–6
 * blobs each, at most the schedule's blobs in a block. Every chain has a first batch of six blobs
 * (`blobTransaction`) at a fixed share of its blocks and a busy spell of full blocks (blobs above
 * the target, so the excess blob gas and the blob base fee climb, then drain); now and then a
 * drawn batch otherwise. Blobs take the catalogue's bodies in turn from a seeded start, so a chain
 * repeats a body only past the catalogue's size.
 */
export function blobActivity(state: LedgerState, batchers: readonly Batcher[], schedule: BlobSchedule): BlobActivity {
  const { seed, scenario } = state;
  const at = (fraction: number) => Math.max(4, Math.floor(fraction * scenario.blocks));
  const first = at(0.1);
  const spellStart = at(0.6);
  const spellEnd = spellStart + Math.max(3, Math.floor(scenario.blocks / 100));
  const bodyOffset = stream(seed, 'blobs:bodies').int(0, BLOB_BODIES - 1);

  /** A batch of `count` blobs from `batcher`, its fee cap a few times the blob base fee (at least 1 gwei, as batchers set it). */
  const batch = (ctx: BlockContext, rng: Stream, batcher: Batcher, count: number): TxPlan => {
    const price = ctx.blobBaseFee!;
    const cap = price * BigInt(rng.int(2, 5));
    return {
      fromId: batcher.senderId,
      toId: batcher.inboxId,
      value: 0n,
      gasUsed: 21_000,
      gasLimit: 21_000,
      call: null,
      type: TYPE.eip4844.id,
      blobs: {
        bodies: Array.from({ length: count }, (_, k) => (bodyOffset + state.blobs.length + k) % BLOB_BODIES),
        maxFeePerBlobGas: cap > GWEI ? cap : GWEI + BigInt(rng.int(0, 999)) * 1_000_000n,
      },
    };
  };

  /** Applies a batch where it fits the block's gas and blob gas. */
  const post = (
    ctx: BlockContext,
    label: string,
    pick: (rng: Stream) => { batcher: Batcher; count: number },
    handle?: string,
  ) => {
    const rng = stream(seed, label);
    const { batcher, count } = pick(rng);
    const room = schedule.max * GAS_PER_BLOB - ctx.blobGasUsed;
    const fits = Math.min(count, Math.floor(room / GAS_PER_BLOB));
    if (fits < 1 || ctx.gasUsed + 21_000 > ctx.gasLimit) return;
    const plan = batch(ctx, rng, batcher, fits);
    applyTransaction(state, ctx, handle ? { ...plan, handle } : plan, rng);
  };

  return {
    drawn(ctx) {
      const height = ctx.height;
      if (height === first) {
        post(
          ctx,
          `blobs:first:${height}`,
          () => ({ batcher: batchers[0]!, count: MAX_BLOBS_PER_TRANSACTION }),
          'blobTransaction',
        );
        return;
      }
      if (height >= spellStart && height < spellEnd) {
        // A full block: the first rollup posts six blobs, the second the rest of the block's room.
        post(ctx, `blobs:spell:${height}:0`, () => ({ batcher: batchers[0]!, count: MAX_BLOBS_PER_TRANSACTION }));
        post(ctx, `blobs:spell:${height}:1`, () => ({ batcher: batchers[1 % batchers.length]!, count: schedule.max }));
        return;
      }
      if (height < at(0.04)) return;
      const brng = stream(seed, `block:${height}:blobs`);
      if (brng.chance(BATCH_RATE))
        post(ctx, `block:${height}:blobs:batch`, (rng) => ({
          batcher: rng.pick(batchers),
          count: rng.int(1, MAX_BLOBS_PER_TRANSACTION),
        }));
    },
  };
}
