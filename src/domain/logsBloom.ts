import * as Hash from 'ox/Hash';
import { logsOfTransaction } from '../chain/logs.js';
import type { Block, Hex, Transaction } from '../chain/types.js';
import type { Facts } from './facts.js';
import { encodedLogOf, logEventOf } from './logs.js';

/** The bloom of no logs. */
export const EMPTY_BLOOM: Hex = `0x${'0'.repeat(512)}`;

/** Sets the three bits of `value` (address or topic bytes) in a 2048-bit bloom. */
function addToBloom(bloom: Uint8Array, value: Hex): void {
  const hash = Hash.keccak256(value, { as: 'Bytes' });
  for (let i = 0; i < 6; i += 2) {
    const bit = ((hash[i]! << 8) | hash[i + 1]!) & 2047;
    bloom[255 - (bit >> 3)]! |= 1 << (bit & 7);
  }
}

const bloomHex = (bloom: Uint8Array): Hex => `0x${Buffer.from(bloom).toString('hex')}`;

/** The bits of a transaction's logs bloom: each log's emitter and topics. */
function transactionBits(facts: Facts, tx: Transaction): Uint8Array {
  const bloom = new Uint8Array(256);
  for (const ref of logsOfTransaction(tx)) {
    addToBloom(bloom, facts.chain.accounts[logEventOf(facts, ref).emitterId]!.lower as Hex);
    for (const topic of encodedLogOf(facts, ref).topics) if (topic !== null) addToBloom(bloom, topic as Hex);
  }
  return bloom;
}

/** The logs bloom of a transaction's receipt (Yellow Paper §4.4.1). */
export const transactionBloom = (facts: Facts, tx: Transaction): Hex =>
  tx.eventCount + tx.tokenTransferCount === 0 ? EMPTY_BLOOM : bloomHex(transactionBits(facts, tx));

/** The logs bloom of a block: every log of every transaction in it (memoised per block). */
export const blockBloom = (facts: Facts, block: Block): Hex =>
  facts.memo.get(`logs-bloom:${block.hash}`, () => {
    if (block.type !== 'block' || block.transactionCount === 0) return EMPTY_BLOOM;
    const bloom = new Uint8Array(256);
    for (let t = block.transactionStart; t < block.transactionStart + block.transactionCount; t++) {
      const own = transactionBits(facts, facts.chain.transactions.at(t)!);
      for (let i = 0; i < 256; i++) bloom[i]! |= own[i]!;
    }
    return bloomHex(bloom);
  });
