import type { TransferSpec } from './plan.js';
import { addHolder, deleteHolder } from './holderSet.js';
import type { LedgerState, TokenLedger } from './state.js';

function moveFungible(ledger: TokenLedger, zeroId: number, fromId: number, toId: number, amount: bigint): void {
  // A transfer of nothing is a log and no move (a standard token allows it).
  if (amount === 0n) return;
  if (fromId !== zeroId) {
    const held = ledger.balances.get(fromId) ?? 0n;
    if (held < amount) throw new Error(`token ${ledger.id}: ${fromId} holds ${held}, cannot send ${amount}`);
    if (held === amount) {
      ledger.balances.delete(fromId);
      deleteHolder(ledger.holders, fromId);
    } else ledger.balances.set(fromId, held - amount);
  } else ledger.supply += amount;
  if (toId !== zeroId) {
    ledger.balances.set(toId, (ledger.balances.get(toId) ?? 0n) + amount);
    if (amount > 0n) addHolder(ledger.holders, toId);
  } else ledger.supply -= amount;
}

function moveUnique(ledger: TokenLedger, zeroId: number, fromId: number, toId: number, id: bigint): void {
  const owner = ledger.owners.get(id);
  if (fromId === zeroId) {
    if (owner !== undefined) throw new Error(`token ${ledger.id}: id ${id} minted twice`);
    ledger.supply += ledger.unit;
    addHolder(ledger.liveIds, id);
  } else if (owner !== fromId) throw new Error(`token ${ledger.id}: id ${id} is not owned by ${fromId}`);
  if (owner !== undefined) ledger.ownedIds.get(owner)!.delete(id);
  if (toId === zeroId) {
    ledger.owners.delete(id);
    deleteHolder(ledger.liveIds, id);
    ledger.supply -= ledger.unit;
  } else {
    ledger.owners.set(id, toId);
    let owned = ledger.ownedIds.get(toId);
    if (!owned) ledger.ownedIds.set(toId, (owned = new Set()));
    owned.add(id);
  }
  if (id >= ledger.nextId) ledger.nextId = id + 1n;
}

function moveMulti(
  ledger: TokenLedger,
  zeroId: number,
  fromId: number,
  toId: number,
  id: bigint,
  amount: bigint,
): void {
  if (amount === 0n) return;
  if (fromId !== zeroId) {
    const ids = ledger.multi.get(fromId);
    const held = ids?.get(id) ?? 0n;
    if (!ids || held < amount)
      throw new Error(`token ${ledger.id}: ${fromId} holds ${held} of ${id}, cannot send ${amount}`);
    if (held === amount) ids.delete(id);
    else ids.set(id, held - amount);
    if (ids.size === 0) {
      ledger.multi.delete(fromId);
      deleteHolder(ledger.holders, fromId);
    }
  } else ledger.supply += amount;
  if (toId !== zeroId) {
    let ids = ledger.multi.get(toId);
    if (!ids) ledger.multi.set(toId, (ids = new Map()));
    ids.set(id, (ids.get(id) ?? 0n) + amount);
    addHolder(ledger.holders, toId);
  } else ledger.supply -= amount;
  if (id >= ledger.nextId) ledger.nextId = id + 1n;
}

/** Applies one token transfer log to the token's ledger (balances, owners, supply), noting what changed for the next finalize. */
export function applyTokenTransfer(state: LedgerState, zeroId: number, spec: TransferSpec): void {
  const ledger = state.tokens.get(spec.tokenId);
  if (!ledger) throw new Error(`account ${spec.tokenId} is not a token`);
  const changed = state.changedSinceFinalize;
  if (spec.fromId !== zeroId) changed.holders.add(spec.fromId);
  if (spec.toId !== zeroId) {
    changed.holders.add(spec.toId);
    let received = state.tokensReceived.get(spec.toId);
    if (!received) state.tokensReceived.set(spec.toId, (received = new Set()));
    received.add(spec.tokenId);
  }
  if (ledger.type === 'ERC-20') {
    moveFungible(ledger, zeroId, spec.fromId, spec.toId, spec.amounts[0]!);
    return;
  }
  const ids = spec.tokenIds ?? [];
  for (let i = 0; i < ids.length; i++) {
    if (ledger.type === 'ERC-1155') moveMulti(ledger, zeroId, spec.fromId, spec.toId, ids[i]!, spec.amounts[i]!);
    else {
      moveUnique(ledger, zeroId, spec.fromId, spec.toId, ids[i]!);
      changed.nfts.push([ledger.id, ids[i]!]);
      // A moved NFT loses its approval, as the standard says.
      state.approvals.get(ledger.id)?.approved.delete(ids[i]!);
    }
  }
}
