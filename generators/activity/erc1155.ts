import type { TxPlan } from '../ledger/plan.js';
import type { Scene } from './context.js';
import { canAfford, gas, hashOf, isContract, pickAccount, pickOther, pickToken } from './pick.js';

const call = (functionName: string, args: readonly unknown[]) => ({
  contractKind: 'erc1155' as const,
  functionName,
  args,
});

/**
 * The issuer mints `count` distinct ids (one `mint`, or a `mintBatch` when count > 1): drawn ids and
 * amounts, or one of each id in `given`.
 */
export function erc1155Mint(
  scene: Scene,
  count = 1,
  tokenId = pickToken(scene, 'ERC-1155'),
  toId = pickAccount(scene),
  given?: readonly bigint[],
): TxPlan | null {
  if (tokenId === undefined) return null;
  const issuerId = scene.cast.issuer.get(tokenId)!;
  if (!canAfford(scene, issuerId, 0n, 60_000 + 30_000 * count)) return null;
  const first = given ? 0 : scene.rng.int(1, 40);
  const ids = given ? [...given] : Array.from({ length: count }, (_, i) => BigInt(first + i));
  const amounts = ids.map(() => (given ? 1n : BigInt(scene.rng.chance(0.3) ? 1 : scene.rng.int(1, 500))));
  const to = hashOf(scene, toId);
  return {
    fromId: issuerId,
    toId: tokenId,
    value: 0n,
    call: count === 1 ? call('mint', [to, ids[0], amounts[0], '0x']) : call('mintBatch', [to, ids, amounts, '0x']),
    ...gas(scene, 40_000 + 25_000 * count, 60_000 + 28_000 * count),
    transfers: [{ tokenId, fromId: scene.cast.zeroId, toId, tokenIds: ids, amounts }],
  };
}

/** A holder sends part of one id (`safeTransferFrom`) or of several (`safeBatchTransferFrom`). */
export function erc1155Transfer(
  scene: Scene,
  batch: boolean,
  tokenId = pickToken(scene, 'ERC-1155'),
  holderId?: number,
): TxPlan | null {
  if (tokenId === undefined) return null;
  const ledger = scene.state.tokens.get(tokenId)!;
  const holders = ledger.holders.items;
  if (!holders.length) return null;
  const fromId = holderId ?? holders[scene.rng.int(0, holders.length - 1)]!;
  const held = ledger.multi.get(fromId);
  if (
    !held ||
    isContract(scene, fromId) ||
    (holderId === undefined && scene.cast.quiet.has(fromId)) ||
    (batch && held.size < 2) ||
    !canAfford(scene, fromId, 0n, 250_000)
  )
    return null;
  const owned = [...held.keys()].sort((a, b) => (a < b ? -1 : 1));
  const start = scene.rng.int(0, owned.length - 1);
  const ids = batch ? [...owned.slice(start), ...owned.slice(0, start)].slice(0, 5) : [owned[start]!];
  const amounts = ids.map((id) => {
    const have = held.get(id)!;
    return have === 1n ? 1n : BigInt(scene.rng.int(1, Number(have > 1000n ? 1000n : have)));
  });
  const toId = pickOther(scene, fromId);
  const [from, to] = [hashOf(scene, fromId), hashOf(scene, toId)];
  return {
    fromId,
    toId: tokenId,
    value: 0n,
    call: batch
      ? call('safeBatchTransferFrom', [from, to, ids, amounts, '0x'])
      : call('safeTransferFrom', [from, to, ids[0], amounts[0], '0x']),
    ...gas(scene, 50_000 + 20_000 * ids.length, 60_000 + 26_000 * ids.length),
    transfers: [{ tokenId, fromId, toId, tokenIds: ids, amounts }],
  };
}

/** A holder burns part of one id. */
export function erc1155Burn(scene: Scene): TxPlan | null {
  const tokenId = pickToken(scene, 'ERC-1155');
  if (tokenId === undefined) return null;
  const ledger = scene.state.tokens.get(tokenId)!;
  const holders = ledger.holders.items;
  if (!holders.length) return null;
  const fromId = holders[scene.rng.int(0, holders.length - 1)]!;
  if (isContract(scene, fromId) || scene.cast.quiet.has(fromId) || !canAfford(scene, fromId, 0n, 80_000)) return null;
  const [id, have] = [...ledger.multi.get(fromId)!.entries()][0]!;
  const amount = have === 1n ? 1n : have / 2n;
  return {
    fromId,
    toId: tokenId,
    value: 0n,
    call: call('burn', [hashOf(scene, fromId), id, amount]),
    ...gas(scene, 30_000, 55_000),
    transfers: [{ tokenId, fromId, toId: scene.cast.zeroId, tokenIds: [id], amounts: [amount] }],
  };
}
