import type { AbiEvent, AbiFunction } from 'abitype';
import { artifactsOf, verificationOrderOf, verifiedContracts } from './contracts.js';
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
 * The verified contracts in the order the explorer verified them (`verificationOrderOf`, then
 * account order): the order its `contract_methods` rows were inserted in, which it looks them up by.
 */
const verifiedInOrder = (facts: Facts): readonly number[] =>
  facts.memo.get('verified-in-order', () =>
    [...verifiedContracts(facts)]
      .map((id) => ({ id, at: verificationOrderOf(facts, id) }))
      .sort((a, b) => a.at - b.at || a.id - b.id)
      .map(({ id }) => id),
  );

/**
 * The functions of the verified contracts' ABIs, as the explorer's `contract_methods` table holds
 * them: one per selector, from the first contract verified that declares it.
 */
export const contractMethods = (facts: Facts): readonly ContractMethod[] =>
  facts.memo.get('contract-methods', () => {
    const bySelector = new Map<string, AbiFunction>();
    for (const id of verifiedInOrder(facts))
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

/**
 * The verified contracts' events of first topic `topic0`, first verified first (at most 3, as
 * Blockscout looks them up in `contract_methods`): what it decodes a log by when its emitter's ABI
 * cannot (an unverified contract's).
 */
export const contractEventsOf = (facts: Facts, topic0: string): readonly AbiEvent[] =>
  facts.memo
    .get('contract-events-by-topic', () => {
      const byTopic = new Map<string, AbiEvent[]>();
      const seen = new Set<string>();
      for (const id of verifiedInOrder(facts))
        for (const item of artifactsOf(facts, id).abi) {
          if (item.type !== 'event' || item.anonymous) continue;
          // One row per distinct ABI entry, as the table's unique index on (identifier, abi) keeps them.
          const topic = lazyModules.abi.get().eventSelector(item);
          const key = `${topic}:${JSON.stringify(item)}`;
          if (seen.has(key)) continue;
          seen.add(key);
          let events = byTopic.get(topic);
          if (!events) byTopic.set(topic, (events = []));
          if (events.length < 3) events.push(item);
        }
      return byTopic;
    })
    .get(topic0) ?? [];
