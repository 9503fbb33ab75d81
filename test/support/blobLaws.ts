import { blobBaseFee, GAS_PER_BLOB, nextExcessBlobGas } from '../../src/protocol/blobGas.js';
import { catalogueBlob } from '../../src/protocol/blobData.js';
import { chainSpecOf } from '../../src/protocol/chainSpec.js';
import { transactionType } from '../../src/protocol/transactionTypes.js';
import { rowsOf } from '../../src/chain/table.js';
import { type Chain, NONE } from '../../src/chain/types.js';

/** The most blobs one transaction carries (the generators' and EIP-7594's limit). */
const MAX_BLOBS_PER_TRANSACTION = 6;

/**
 * The laws of blobs (EIP-4844), by an independent replay: blobs in chain order, each blob
 * transaction carrying 1–6 and no other transaction any, each block's blob gas the sum of its
 * blobs' and at most the schedule's, its excess blob gas by the EIP's rule from its parent's, each
 * blob fee cap at least the block's blob base fee, each versioned hash a KZG one. Returns each
 * block's blob base fee and each transaction's blob fee (what its sender burnt besides gas), for
 * the balance replay.
 */
export function blobViolations(
  chain: Chain,
  fail: (message: string) => void,
): { blobFeeOf: (transaction: number) => bigint } {
  const schedule = chainSpecOf(chain).feeMarket.blobs;
  const blocks = rowsOf(chain.blocks);
  const txs = rowsOf(chain.transactions);
  const blobs = rowsOf(chain.blobs);
  const byTransaction = new Map<number, typeof blobs>();
  blobs.forEach((b, i) => {
    const prev = blobs[i - 1];
    if (
      prev &&
      (prev.transaction > b.transaction || (prev.transaction === b.transaction && prev.index + 1 !== b.index))
    )
      fail(`blob ${i} is out of chain order`);
    if (txs[b.transaction]?.block !== b.block) fail(`blob ${i} is not in its transaction's block`);
    if (!catalogueBlob(b.body).versionedHash.startsWith('0x01')) fail(`blob ${i} has no KZG versioned hash`);
    byTransaction.set(b.transaction, [...(byTransaction.get(b.transaction) ?? []), b]);
  });
  txs.forEach((t, i) => {
    const own = byTransaction.get(i) ?? [];
    const carries = transactionType(t.type).carriesBlobs;
    if (carries !== own.length > 0)
      fail(`${transactionType(t.type).title} transaction ${t.hash} carries ${own.length} blobs`);
    if (own.length > MAX_BLOBS_PER_TRANSACTION) fail(`blob transaction ${t.hash} carries ${own.length} blobs`);
    if (own[0] && own[0].index !== 0) fail(`blob transaction ${t.hash} blobs do not start at 0`);
    if (own.some((b) => b.maxFeePerBlobGas !== own[0]!.maxFeePerBlobGas))
      fail(`blob transaction ${t.hash} has more than one blob fee cap`);
    if (carries && t.toId === NONE) fail(`blob transaction ${t.hash} creates a contract`);
  });
  const fees = new Map<number, bigint>();
  blocks.forEach((block, h) => {
    const own = txs.slice(block.transactionStart, block.transactionStart + block.transactionCount);
    const start = block.transactionStart;
    const used = own.reduce((sum, _, k) => sum + (byTransaction.get(start + k)?.length ?? 0), 0) * GAS_PER_BLOB;
    if (!schedule) {
      if (used || block.blobGasUsed || block.excessBlobGas) fail(`block ${h} has blob gas on a chain without blobs`);
      return;
    }
    if (block.blobGasUsed !== used) fail(`block ${h} blob_gas_used ${block.blobGasUsed} != its blobs' ${used}`);
    if (block.blobGasUsed > schedule.max * GAS_PER_BLOB) fail(`block ${h} carries more blobs than ${schedule.max}`);
    const excess = h === 0 ? schedule.initialExcess : nextExcessBlobGas(blocks[h - 1]!, schedule);
    if (block.excessBlobGas !== excess)
      fail(`block ${h} excess_blob_gas ${block.excessBlobGas} does not follow EIP-4844 from its parent (${excess})`);
    const price = blobBaseFee(block.excessBlobGas, schedule);
    own.forEach((_, k) => {
      const carried = byTransaction.get(start + k);
      if (!carried) return;
      if (carried[0]!.maxFeePerBlobGas < price)
        fail(`blob transaction ${txs[start + k]!.hash} caps its blob fee below the blob base fee ${price}`);
      fees.set(start + k, BigInt(carried.length * GAS_PER_BLOB) * price);
    });
  });
  return { blobFeeOf: (transaction) => fees.get(transaction) ?? 0n };
}
