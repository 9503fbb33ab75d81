import type { Block } from '../../src/chain/types.js';
import { nextBaseFee } from '../../src/protocol/chainSpec.js';
import { ETHER } from '../ledger/blockContext.js';
import type { LedgerState } from '../ledger/state.js';
import type { Stream } from '../random/stream.js';
import type { Cast } from '../script/cast.js';
import { sealBlock } from './sealBlock.js';

/** The clients validators run, one per validator (by index): what a block's extra data names. */
const CLIENTS = [
  'geth/v1.14.11-stable/linux-amd64/go1.22.8',
  'nethermind/v1.29.1',
  'besu/v24.10.0',
  'erigon/2.60.10',
  'reth/v1.1.2',
];

/** The client a validator runs. */
export const clientOf = (validatorIndex: number): string => CLIENTS[validatorIndex % CLIENTS.length]!;

/** What an uncle's miner is credited. */
export const UNCLE_REWARD = (7n * 2n * ETHER) / 8n;

/** A proof-of-work block's difficulty, drawn. */
export const drawDifficulty = (rng: Stream): bigint => rng.bigint(17_000_000_000_000n, 18_000_000_000_000n);

/** A non-consensus block at `height` on `parent`: an uncle or a reorged sibling. It holds no transactions. */
export function sideBlock(
  state: LedgerState,
  cast: Cast,
  type: 'uncle' | 'reorg',
  height: number,
  parent: Block,
  timestamp: number,
  rng: Stream,
): Block {
  const validator = rng.pick(cast.validators);
  const difficulty = drawDifficulty(rng);
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
    client: clientOf(validator.index),
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
