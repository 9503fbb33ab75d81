import type { TokenType } from '../../src/chain/types.js';
import type { TxPlan } from '../ledger/plan.js';
import type { Scene } from './context.js';
import { canAfford, gas, hashOf, isContract, pickAccount, pickOther, pickToken } from './pick.js';

type UniqueType = Extract<TokenType, 'ERC-721' | 'ERC-404'>;
const kindOf = (type: UniqueType) => (type === 'ERC-721' ? ('erc721' as const) : ('erc404' as const));

/** The issuer mints id `id` (default: the next) of an ERC-721 or ERC-404 collection to an account. */
export function uniqueMint(
  scene: Scene,
  type: UniqueType,
  tokenId = pickToken(scene, type),
  toId = pickAccount(scene),
  id?: bigint,
): TxPlan | null {
  if (tokenId === undefined) return null;
  const ledger = scene.state.tokens.get(tokenId)!;
  const issuerId = scene.cast.issuer.get(tokenId)!;
  if (!canAfford(scene, issuerId, 0n, 150_000)) return null;
  id ??= ledger.nextId;
  return {
    fromId: issuerId,
    toId: tokenId,
    value: 0n,
    call: { contractKind: kindOf(type), functionName: 'mint', args: [hashOf(scene, toId), id] },
    ...gas(scene, 60_000, 120_000),
    transfers: [{ tokenId, fromId: scene.cast.zeroId, toId, tokenIds: [id], amounts: [ledger.unit] }],
  };
}

/** The owner of a live id sends it on; about one in thirty is sent by someone else and reverts. */
export function uniqueTransfer(scene: Scene, type: UniqueType): TxPlan | null {
  const tokenId = pickToken(scene, type);
  if (tokenId === undefined) return null;
  const ledger = scene.state.tokens.get(tokenId)!;
  const ids = ledger.liveIds.items;
  if (!ids.length) return null;
  const id = ids[scene.rng.int(0, ids.length - 1)]!;
  const ownerId = ledger.owners.get(id)!;
  // Contracts, named accounts and the accounts a client sends from never send at random.
  if (isContract(scene, ownerId) || scene.cast.quiet.has(ownerId) || !canAfford(scene, ownerId, 0n, 120_000))
    return null;
  const toId = pickOther(scene, ownerId);
  const fails = type === 'ERC-721' && scene.rng.chance(0.03);
  const fromId = fails ? pickOther(scene, ownerId) : ownerId;
  if (!canAfford(scene, fromId, 0n, 120_000)) return null;
  const call =
    type === 'ERC-721'
      ? {
          contractKind: 'erc721' as const,
          functionName: scene.rng.chance(0.7) ? 'safeTransferFrom' : 'transferFrom',
          args: [hashOf(scene, ownerId), hashOf(scene, toId), id],
        }
      : {
          contractKind: 'erc404' as const,
          functionName: 'transferFrom',
          args: [hashOf(scene, ownerId), hashOf(scene, toId), id],
        };
  if (fails)
    return {
      fromId,
      toId: tokenId,
      value: 0n,
      call,
      ...gas(scene, 25_000, 32_000),
      revertReason: 'ERC721: caller is not token owner or approved',
    };
  return {
    fromId,
    toId: tokenId,
    value: 0n,
    call,
    ...gas(scene, 50_000, 95_000),
    transfers: [{ tokenId, fromId, toId, tokenIds: [id], amounts: [ledger.unit] }],
  };
}

/** The owner burns an ERC-721 id. */
export function erc721Burn(scene: Scene): TxPlan | null {
  const tokenId = pickToken(scene, 'ERC-721');
  if (tokenId === undefined) return null;
  const ledger = scene.state.tokens.get(tokenId)!;
  const ids = ledger.liveIds.items;
  if (ids.length < 3) return null;
  const id = ids[scene.rng.int(0, ids.length - 1)]!;
  const ownerId = ledger.owners.get(id)!;
  if (isContract(scene, ownerId) || scene.cast.quiet.has(ownerId) || !canAfford(scene, ownerId, 0n, 80_000))
    return null;
  return {
    fromId: ownerId,
    toId: tokenId,
    value: 0n,
    call: { contractKind: 'erc721', functionName: 'burn', args: [id] },
    ...gas(scene, 30_000, 60_000),
    transfers: [{ tokenId, fromId: ownerId, toId: scene.cast.zeroId, tokenIds: [id], amounts: [1n] }],
  };
}

/** `setApprovalForAll(operator, true)`: an ApprovalForAll event, no transfer. */
export function erc721ApproveAll(scene: Scene): TxPlan | null {
  const tokenId = pickToken(scene, 'ERC-721');
  if (tokenId === undefined) return null;
  const fromId = pickAccount(scene);
  if (!canAfford(scene, fromId, 0n, 60_000)) return null;
  return {
    fromId,
    toId: tokenId,
    value: 0n,
    call: {
      contractKind: 'erc721',
      functionName: 'setApprovalForAll',
      args: [hashOf(scene, pickOther(scene, fromId)), true],
    },
    ...gas(scene, 26_000, 48_000),
    events: 1,
  };
}
