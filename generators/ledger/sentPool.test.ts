import { describe, expect, it } from 'vitest';
import { buildChain, createChainBuilder } from '../buildChain.js';
import type { SentTransaction } from './sent.js';
import { POOL_SLOTS, SendRefused, slotsOf } from './sentPool.js';

/** A transaction as the node hands one to the pool (the pool checks no signature). */
const sent = (from: string, nonce: number, input: `0x${string}` = '0x'): SentTransaction => ({
  hash: `0x${from.slice(2, 10)}${nonce.toString(16).padStart(56, '0')}`,
  from,
  to: '0x000000000000000000000000000000000000dead',
  nonce,
  value: 1n,
  gasLimit: 21_000 + 4 * ((input.length - 2) / 2),
  type: 2,
  maxFeePerGas: 10n ** 12n,
  maxPriorityFeePerGas: 1n,
  signed: { input, accessList: [], r: 1n, s: 1n, yParity: 0, v: 0n },
});

describe('the pool of sent transactions', () => {
  it('takes a slot per 32 KiB of a transaction, as geth counts them', () => {
    expect(slotsOf(sent('0x01', 0))).toBe(1);
    expect(slotsOf(sent('0x01', 0, `0x${'00'.repeat(32 * 1024 - 120)}`))).toBe(1);
    expect(slotsOf(sent('0x01', 0, `0x${'00'.repeat(32 * 1024 - 119)}`))).toBe(2);
    expect(slotsOf(sent('0x01', 0, `0x${'00'.repeat(128 * 1024 - 200)}`))).toBe(4);
  });

  it(`holds ${POOL_SLOTS} slots, as geth's GlobalSlots and GlobalQueue together: past them "txpool is full", until a block is mined`, () => {
    const builder = createChainBuilder({ scenario: 'tiny', seed: 3 });
    builder.mineTo(buildChain({ scenario: 'tiny', seed: 3 }).headHeight);
    const senders = builder.chain().signers.map((s) => s.address.toLowerCase());
    const nonces = new Map(senders.map((from) => [from, 0]));
    const next = (from: string) => sent(from, nonces.get(from)!);
    const submit = (from: string) => {
      builder.submit(next(from));
      nonces.set(from, nonces.get(from)! + 1);
    };
    // Every test account in turn; a few queued behind a gap too (they count).
    for (let i = 0; i < POOL_SLOTS - 4; i++) submit(senders[i % senders.length]!);
    const gapped = senders[0]!;
    for (let k = 1; k <= 4; k++) expect(builder.submit(sent(gapped, nonces.get(gapped)! + k)).admission).toBe('queued');
    expect(builder.sent.held).toBeGreaterThan(0);
    const refused = () => builder.submit(next(senders[1]!));
    expect(refused).toThrow(SendRefused);
    expect(refused).toThrow(/^txpool is full$/);
    // Mined, the open block's transactions leave room.
    builder.mineTo(builder.height + 1);
    builder.chain();
    submit(senders[1]!);
  });
});
