import { concatHex, keccak256, numberToHex, stringToHex } from 'viem';
import type { Block, BlockType, Hex, Reward } from '../../src/chain/types.js';

/** keccak-256 of the empty trie: the transactions root of a block without transactions. */
export const EMPTY_ROOT: Hex = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';

export interface BlockContent {
  readonly type: BlockType;
  readonly height: number;
  readonly parentHash: Hex;
  readonly parentStateRoot: Hex;
  readonly timestamp: number;
  readonly miner: Hex;
  readonly minerId: number;
  readonly nonce: Hex;
  readonly difficulty: bigint;
  readonly totalDifficulty: bigint;
  readonly client: string;
  readonly gasLimit: number;
  readonly gasUsed: number;
  readonly baseFeePerGas: bigint;
  readonly priorityFee: bigint;
  readonly transactionFees: bigint;
  readonly transactionHashes: readonly Hex[];
  readonly transactionStart: number;
  readonly withdrawalStart: number;
  readonly withdrawalCount: number;
  readonly unclesHashes: readonly Hex[];
  readonly rewards: readonly Reward[];
  /** Bytes of its transactions, estimated. */
  readonly bodySize: number;
}

/**
 * A commitment to the block's transactions: keccak-256 of their count and first and last hashes.
 * Hashing every hash would cost a tenth of a large chain's build, for a value no client can check
 * against a real trie anyway.
 */
function transactionsRootOf(hashes: readonly Hex[]): Hex {
  if (!hashes.length) return EMPTY_ROOT;
  return keccak256(concatHex([numberToHex(hashes.length, { size: 4 }), hashes[0]!, hashes[hashes.length - 1]!]));
}

/** Computes the block's roots and hash (keccak-256 of its content) and returns the block. */
export function sealBlock(content: BlockContent): Block {
  const transactionsRoot = transactionsRootOf(content.transactionHashes);
  const stateRoot = keccak256(concatHex([content.parentStateRoot, transactionsRoot, numberToHex(content.height, { size: 8 })]));
  const extraData = stringToHex(content.client);
  const hash = keccak256(
    concatHex([
      content.parentHash,
      content.miner,
      stateRoot,
      transactionsRoot,
      numberToHex(content.height, { size: 8 }),
      numberToHex(content.timestamp, { size: 8 }),
      numberToHex(content.gasLimit, { size: 8 }),
      numberToHex(content.gasUsed, { size: 8 }),
      numberToHex(content.baseFeePerGas, { size: 32 }),
      numberToHex(content.difficulty, { size: 32 }),
      ...(content.unclesHashes as Hex[]),
      extraData,
      content.nonce,
    ]),
  );
  return {
    type: content.type,
    height: content.height,
    hash,
    parentHash: content.parentHash,
    timestamp: content.timestamp,
    minerId: content.minerId,
    nonce: content.nonce,
    difficulty: content.difficulty,
    totalDifficulty: content.totalDifficulty,
    size: 540 + content.bodySize + 44 * content.withdrawalCount + 530 * content.unclesHashes.length,
    extraData,
    stateRoot,
    gasLimit: content.gasLimit,
    gasUsed: content.gasUsed,
    baseFeePerGas: content.baseFeePerGas,
    priorityFee: content.priorityFee,
    transactionFees: content.transactionFees,
    transactionStart: content.transactionStart,
    transactionCount: content.transactionHashes.length,
    withdrawalStart: content.withdrawalStart,
    withdrawalCount: content.withdrawalCount,
    unclesHashes: content.unclesHashes,
    rewards: content.rewards,
  };
}
