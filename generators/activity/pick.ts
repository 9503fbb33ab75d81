import type { TokenType } from '../../src/chain/types.js';
import type { Scene } from './context.js';

/**
 * An account for random activity. Skewed so that a few accounts are very active (many pages of
 * every list) and most are quiet; the whale takes a fixed share.
 */
export function pickAccount(scene: Scene): number {
  const { cast, rng } = scene;
  if (rng.chance(0.04)) return cast.whaleId;
  const eoas = cast.eoas;
  return eoas[Math.floor(eoas.length * rng.next() ** 2.4)]!;
}

/** A recipient different from `not`. */
export function pickOther(scene: Scene, not: number): number {
  for (let i = 0; i < 4; i++) {
    const id = scene.rng.chance(0.5)
      ? pickAccount(scene)
      : scene.cast.eoas[scene.rng.int(0, scene.cast.eoas.length - 1)]!;
    if (id !== not) return id;
  }
  return scene.cast.eoas[0] === not ? scene.cast.eoas[1]! : scene.cast.eoas[0]!;
}

/** Whether `id` can pay `value` plus the most `gasLimit` gas can cost in this block. */
export const canAfford = (scene: Scene, id: number, value: bigint, gasLimit: number): boolean =>
  scene.state.accounts[id]!.balance >= value + BigInt(gasLimit) * scene.ctx.maxFeeCap;

/** Keeps the four leading digits of an amount, as people tend to send round sums. */
export function roundAmount(amount: bigint): bigint {
  if (amount < 10_000n) return amount;
  const scale = POWERS_OF_TEN[amount.toString().length - 4]!;
  return (amount / scale) * scale;
}

const POWERS_OF_TEN = Array.from({ length: 80 }, (_, i) => 10n ** BigInt(i));

/** Gas used and a gas limit above it, as a wallet's estimate with headroom. */
export function gas(scene: Scene, min: number, max: number): { gasUsed: number; gasLimit: number } {
  const gasUsed = scene.rng.int(min, max);
  const gasLimit = Math.ceil((gasUsed * scene.rng.int(110, 150)) / 100 / 1000) * 1000;
  return { gasUsed, gasLimit };
}

export const isContract = (scene: Scene, id: number) => scene.state.accounts[id]!.contract !== null;
export const hashOf = (scene: Scene, id: number) => scene.state.accounts[id]!.hash;

/** One of the cast's token contracts of `type`, or undefined when there is none. */
export function pickToken(scene: Scene, type: TokenType): number | undefined {
  const tokens = scene.cast.tokens[type];
  return tokens.length ? tokens[scene.rng.int(0, tokens.length - 1)]! : undefined;
}
