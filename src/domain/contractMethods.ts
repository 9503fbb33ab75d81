import type { AbiFunction } from 'abitype';
import { artifactsOf, verifiedContracts } from './contracts.js';
import type { Facts } from './facts.js';
import { lazyModules } from './lazyModules.js';

/** A contract method the explorer knows: its selector, name and ABI entry. */
export interface ContractMethod {
  /** Lower-case `0x` and 4 bytes. */
  readonly selector: string;
  readonly name: string;
  readonly fn: AbiFunction;
}

/**
 * The functions of the verified contracts' ABIs, as the explorer's `contract_methods` table holds
 * them: one per selector, from the oldest contract that declares it.
 */
export const contractMethods = (facts: Facts): readonly ContractMethod[] =>
  facts.memo.get('contract-methods', () => {
    const bySelector = new Map<string, AbiFunction>();
    for (const id of [...verifiedContracts(facts)].reverse())
      for (const item of artifactsOf(facts, id).abi) {
        if (item.type !== 'function') continue;
        const selector = lazyModules.abi.get().functionSelector(item as AbiFunction);
        if (!bySelector.has(selector)) bySelector.set(selector, item as AbiFunction);
      }
    return [...bySelector].map(([selector, fn]) => ({ selector, name: fn.name, fn }));
  });

/** The method `contractMethods` holds for a selector, or undefined. */
export const contractMethodOf = (facts: Facts, selector: string): ContractMethod | undefined =>
  facts.memo
    .get('contract-methods-by-selector', () => new Map(contractMethods(facts).map((m) => [m.selector, m])))
    .get(selector);
