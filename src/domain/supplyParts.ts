import { fieldOf } from '../chain/table.js';
import type { Facts } from './facts.js';

/** Where the coin's supply came from and went, in wei, over the whole chain. */
export interface SupplyParts {
  /** Base fees burnt: each block's base fee times its gas used. */
  readonly burntFees: bigint;
  /** Paid out of the beacon chain by withdrawals. */
  readonly withdrawn: bigint;
}

/** The chain's burnt fees and withdrawals, summed once per chain. */
export const supplyParts = (facts: Facts): SupplyParts =>
  facts.memo.get('supply-parts', () => {
    const { chain } = facts;
    let burntFees = 0n;
    for (const block of chain.blocks) burntFees += block.baseFeePerGas * BigInt(block.gasUsed);
    const amount = fieldOf(chain.withdrawals, 'amount');
    let withdrawn = 0n;
    for (let w = 0; w < chain.withdrawals.length; w++) withdrawn += amount(w);
    return { burntFees, withdrawn };
  });
