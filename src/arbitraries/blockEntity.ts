import { GAS_PER_BLOB } from '../protocol/blobGas.js';
import fc from 'fast-check';
import type { Block, BlockType, Reward } from '../chain/types.js';
import { blockHash, hexBytes, slotTimestamp, wei } from './primitives.js';

export interface BlockOptions {
  readonly type?: BlockType;
  readonly minerId: number;
  /** The transactions it holds in the fragment (their gas and fees are summed by the caller). */
  readonly transactionCount?: number;
  readonly gasUsed?: number;
  readonly priorityFee?: bigint;
  readonly transactionFees?: bigint;
}

/**
 * A block as the chain holds it: gas used within the limit (an even number, as real limits are),
 * burnt fees inside its transaction fees, rewards as the block type has them.
 */
export const blockEntity = (options: BlockOptions): fc.Arbitrary<Block> =>
  fc
    .record({
      type: options.type ? fc.constant(options.type) : fc.constantFrom<BlockType>('block', 'block', 'uncle', 'reorg'),
      height: fc.nat(30_000_000),
      hash: blockHash(),
      parentHash: blockHash(),
      timestamp: slotTimestamp(),
      nonce: hexBytes(8).filter((h) => h.length === 18),
      difficulty: wei(10n ** 16n),
      extraDifficulty: wei(10n ** 24n),
      size: fc.integer({ min: 540, max: 2_000_000 }),
      extraData: hexBytes(32),
      stateRoot: blockHash(),
      halfGasLimit: fc.integer({ min: 2_500, max: 18_000_000 }),
      fill: fc.double({ min: 0, max: 1, noNaN: true }),
      baseFeePerGas: fc.bigInt({ min: 7n, max: 10n ** 12n }),
      tips: wei(10n ** 20n),
      withdrawalCount: fc.nat(16),
      unclesHashes: fc.array(blockHash(), { maxLength: 2 }),
      blobs: fc.nat(9),
      excessBlobs: fc.nat(2_000),
    })
    .map((b): Block => {
      const needed = options.gasUsed ?? 0;
      const gasLimit = Math.max(b.halfGasLimit * 2, needed + (needed % 2));
      const gasUsed = options.gasUsed ?? Math.floor(gasLimit * b.fill);
      const priorityFee = options.priorityFee ?? b.tips;
      const transactionFees = options.transactionFees ?? b.baseFeePerGas * BigInt(gasUsed) + priorityFee;
      const rewards: Reward[] =
        b.type === 'block'
          ? [{ type: 'Miner Reward', amount: priorityFee }]
          : b.type === 'uncle'
            ? [{ type: 'Uncle Reward', amount: 1_750_000_000_000_000_000n }]
            : [];
      return {
        type: b.type,
        height: b.height,
        hash: b.hash,
        parentHash: b.parentHash,
        timestamp: b.timestamp,
        minerId: options.minerId,
        nonce: b.nonce,
        difficulty: b.difficulty,
        totalDifficulty: b.difficulty + b.extraDifficulty,
        size: b.size,
        extraData: b.extraData,
        stateRoot: b.stateRoot,
        gasLimit,
        gasUsed,
        baseFeePerGas: b.baseFeePerGas,
        priorityFee,
        transactionFees,
        transactionStart: 0,
        transactionCount: options.transactionCount ?? 0,
        withdrawalStart: 0,
        withdrawalCount: b.withdrawalCount,
        unclesHashes: b.type === 'block' ? b.unclesHashes : [],
        rewards,
        blobGasUsed: b.type === 'block' ? b.blobs * GAS_PER_BLOB : 0,
        excessBlobGas: b.excessBlobs * GAS_PER_BLOB,
      };
    });
