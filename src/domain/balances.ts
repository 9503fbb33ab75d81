import { firstWhere } from '../chain/search.js';
import { type AccountId, type Chain, NONE } from '../chain/types.js';
import { transactionType } from '../protocol/transactionTypes.js';
import { blobTransactionOf } from './blobs.js';
import type { Facts } from './facts.js';

/** One change of a coin balance: in which block, by which transaction (or -1), by how much. */
export interface BalanceChange {
  readonly block: number;
  readonly transaction: number;
  readonly delta: bigint;
}

/** What transaction `t` does to the coin balance of `id`: fee (a blob transaction's blob fee too, EIP-4844), value, internal calls, priority fee to the miner. */
export function transactionDelta(chain: Chain, t: number, id: number): bigint {
  const tx = chain.transactions.at(t)!;
  const block = chain.blocks.at(tx.block)!;
  const gasUsed = BigInt(tx.gasUsed);
  let delta = 0n;
  if (tx.fromId === id) delta -= gasUsed * tx.gasPrice;
  if (tx.fromId === id && transactionType(tx.type).carriesBlobs)
    delta -= blobTransactionOf(chain, t)?.burntBlobFee ?? 0n;
  if (block.minerId === id) delta += gasUsed * (tx.gasPrice - block.baseFeePerGas);
  if (tx.status !== 'ok') return delta;
  const receiver = tx.toId !== NONE ? tx.toId : tx.createdId;
  if (tx.fromId === id) delta -= tx.value;
  if (receiver === id) delta += tx.value;
  for (let k = tx.internalStart; k < tx.internalStart + tx.internalCount; k++) {
    const it = chain.internalTransactions.at(k)!;
    if (!it.success) continue;
    if (it.fromId === id) delta -= it.value;
    if ((it.toId !== NONE ? it.toId : it.createdId) === id) delta += it.value;
  }
  return delta;
}

/**
 * Every change of an address's coin balance in chain order, replayed from the chain: the genesis
 * allocation, its transactions and internal calls, priority fees of blocks it mined, withdrawals,
 * uncle rewards and the balances a client set (a dev node's cheat code). Their sum is its balance.
 */
export function balanceChanges(chain: Chain, id: number): BalanceChange[] {
  const account = chain.accounts[id]!;
  const index = chain.indexes.at(id)!;
  const changes: BalanceChange[] = [];
  if (account.genesisBalance > 0n) changes.push({ block: 0, transaction: -1, delta: account.genesisBalance });
  const touched = new Set<number>(index.transactions);
  for (const k of index.internalTransactions) touched.add(chain.internalTransactions.at(k)!.transaction);
  const mined = new Set(index.minedBlocks);
  for (const t of touched) {
    const tx = chain.transactions.at(t)!;
    // As miner, its priority fees are counted per block below.
    const feeToMiner = mined.has(tx.block)
      ? BigInt(tx.gasUsed) * (tx.gasPrice - chain.blocks.at(tx.block)!.baseFeePerGas)
      : 0n;
    const delta = transactionDelta(chain, t, id) - feeToMiner;
    if (delta !== 0n) changes.push({ block: tx.block, transaction: t, delta });
  }
  for (const h of index.minedBlocks)
    if (chain.blocks.at(h)!.priorityFee > 0n)
      changes.push({ block: h, transaction: -1, delta: chain.blocks.at(h)!.priorityFee });
  for (const w of index.withdrawals)
    changes.push({ block: chain.withdrawals.at(w)!.block, transaction: -1, delta: chain.withdrawals.at(w)!.amount });
  for (const uncle of chain.uncles) {
    if (uncle.minerId === id)
      changes.push({
        block: uncle.height + 1,
        transaction: -1,
        delta: uncle.rewards.reduce((s, r) => s + r.amount, 0n),
      });
  }
  for (const edit of chain.stateEdits)
    if (edit.kind === 'balance' && edit.accountId === id)
      changes.push({ block: edit.block, transaction: -1, delta: edit.delta });
  return changes.sort(
    (a, b) =>
      a.block - b.block || (a.transaction === -1 ? 1 : b.transaction === -1 ? -1 : a.transaction - b.transaction),
  );
}

/** An address's balance after a block that changed it: the block, its first transaction that did (or -1), the change and the balance. */
export interface BalanceStep {
  readonly block: number;
  readonly transaction: number;
  readonly delta: bigint;
  readonly value: bigint;
}

/** The address's balance after each block that changed it, oldest first (blocks whose changes cancel out are left out). */
export function balanceSteps(facts: Facts, id: AccountId): readonly BalanceStep[] {
  return facts.memo.get(`balance-steps:${id}`, () => {
    const steps: { block: number; transaction: number; delta: bigint; value: bigint }[] = [];
    let value = 0n;
    for (const c of balanceChanges(facts.chain, id)) {
      value += c.delta;
      const last = steps[steps.length - 1];
      if (last && last.block === c.block) {
        last.delta += c.delta;
        last.value = value;
        if (last.transaction === -1) last.transaction = c.transaction;
      } else steps.push({ block: c.block, transaction: c.transaction, delta: c.delta, value });
    }
    return steps.filter((s) => s.delta !== 0n);
  });
}

/** The balance of `id` once block `height` is sealed. */
export function balanceAt(facts: Facts, id: AccountId, height: number): bigint {
  const steps = balanceSteps(facts, id);
  const after = firstWhere(steps.length, (i) => steps[i]!.block > height);
  return after === 0 ? 0n : steps[after - 1]!.value;
}
