import type { AbiFunction } from 'abitype';
import { artifactsOf, verifiedContracts } from './contracts.js';
import type { Facts } from './facts.js';
import { lazyModules } from './lazyModules.js';

/** A contract method the explorer knows: its selector and name. */
export interface ContractMethod {
  /** Lower-case `0x` and 4 bytes. */
  readonly selector: string;
  readonly name: string;
}

/**
 * The functions of the verified contracts' ABIs, as the explorer's `contract_methods` table holds
 * them: one per selector, from the oldest contract that declares it.
 */
export const contractMethods = (facts: Facts): readonly ContractMethod[] =>
  facts.memo.get('contract-methods', () => {
    const bySelector = new Map<string, string>();
    for (const id of [...verifiedContracts(facts)].reverse())
      for (const item of artifactsOf(facts, id).abi) {
        if (item.type !== 'function') continue;
        const selector = lazyModules.abi.get().functionSelector(item as AbiFunction);
        if (!bySelector.has(selector)) bySelector.set(selector, item.name);
      }
    return [...bySelector].map(([selector, name]) => ({ selector, name }));
  });
