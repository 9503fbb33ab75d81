import type { TxPlan } from '../ledger/plan.js';
import type { Scene } from './context.js';
import { canAfford, gas, hashOf, isContract, pickAccount, pickOther, pickToken, roundAmount } from './pick.js';

const call = (functionName: string, args: readonly unknown[]) => ({
  contractKind: 'erc20' as const,
  functionName,
  args,
});

/** An EOA holding some of `tokenId`, with its balance, or undefined. */
export function pickHolder(scene: Scene, tokenId: number): { id: number; held: bigint } | undefined {
  const ledger = scene.state.tokens.get(tokenId)!;
  const holders = ledger.holders.items;
  if (!holders.length) return undefined;
  const id = holders[scene.rng.int(0, holders.length - 1)]!;
  // Contracts and named accounts never send at random.
  if (isContract(scene, id) || scene.cast.quiet.has(id)) return undefined;
  return { id, held: ledger.balances.get(id) ?? 0n };
}

/** `transfer(to, amount)`; about one in twenty-five asks for more than the sender holds and reverts. */
export function erc20Transfer(scene: Scene): TxPlan | null {
  const tokenId = pickToken(scene, 'ERC-20');
  if (tokenId === undefined) return null;
  const holder = pickHolder(scene, tokenId);
  if (!holder || !canAfford(scene, holder.id, 0n, 90_000)) return null;
  const toId = pickOther(scene, holder.id);
  const fails = scene.rng.chance(0.04);
  const amount = fails
    ? holder.held + roundAmount(holder.held / 3n + 1n)
    : roundAmount((holder.held * BigInt(scene.rng.int(1, 100))) / 100n);
  const base = { fromId: holder.id, toId: tokenId, value: 0n, call: call('transfer', [hashOf(scene, toId), amount]) };
  if (fails) return { ...base, ...gas(scene, 22_000, 30_000), revertReason: 'ERC20: transfer amount exceeds balance' };
  return {
    ...base,
    ...gas(scene, 34_000, 65_000),
    transfers: [{ tokenId, fromId: holder.id, toId, tokenIds: null, amounts: [amount] }],
  };
}

/** The issuer mints to an account: `amount` smallest units, or a drawn number of whole tokens. */
export function erc20Mint(
  scene: Scene,
  tokenId = pickToken(scene, 'ERC-20'),
  toId = pickAccount(scene),
  amount?: bigint,
): TxPlan | null {
  if (tokenId === undefined) return null;
  const issuerId = scene.cast.issuer.get(tokenId)!;
  if (!canAfford(scene, issuerId, 0n, 90_000)) return null;
  const decimals = scene.state.accounts[tokenId]!.contract!.token!.decimals;
  amount ??= BigInt(scene.rng.int(1, 50_000)) * 10n ** BigInt(decimals);
  return {
    fromId: issuerId,
    toId: tokenId,
    value: 0n,
    call: call('mint', [hashOf(scene, toId), amount]),
    ...gas(scene, 36_000, 70_000),
    transfers: [{ tokenId, fromId: scene.cast.zeroId, toId, tokenIds: null, amounts: [amount] }],
  };
}

/** A holder burns part of its balance (a transfer to the zero address). */
export function erc20Burn(scene: Scene): TxPlan | null {
  const tokenId = pickToken(scene, 'ERC-20');
  if (tokenId === undefined) return null;
  const holder = pickHolder(scene, tokenId);
  if (!holder || !canAfford(scene, holder.id, 0n, 60_000)) return null;
  const amount = roundAmount((holder.held * BigInt(scene.rng.int(1, 50))) / 100n);
  return {
    fromId: holder.id,
    toId: tokenId,
    value: 0n,
    call: call('burn', [amount]),
    ...gas(scene, 28_000, 45_000),
    transfers: [{ tokenId, fromId: holder.id, toId: scene.cast.zeroId, tokenIds: null, amounts: [amount] }],
  };
}

/** `approve(router, amount)`: an Approval event, no transfer. */
export function erc20Approve(scene: Scene): TxPlan | null {
  const tokenId = pickToken(scene, 'ERC-20');
  const routerId = scene.cast.contracts.router;
  if (tokenId === undefined || routerId === undefined) return null;
  const fromId = pickAccount(scene);
  if (!canAfford(scene, fromId, 0n, 60_000)) return null;
  const amount = scene.rng.chance(0.5) ? 2n ** 256n - 1n : BigInt(scene.rng.int(1, 10_000)) * 10n ** 18n;
  return {
    fromId,
    toId: tokenId,
    value: 0n,
    call: call('approve', [hashOf(scene, routerId), amount]),
    ...gas(scene, 24_000, 46_000),
    events: 1,
  };
}
