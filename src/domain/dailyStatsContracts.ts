import { artifactsOf, contractsWithCode, creationBlockOf, verifiedContracts } from './contracts.js';
import type { Facts } from './facts.js';

/** When the chain's contracts came to be: unix seconds, ascending. */
export interface ContractTimeline {
  /** The creation block's time of each contract with code (as `/smart-contracts/counters` counts them); genesis's for a predeployed one. */
  readonly created: readonly number[];
  /** The verified_at of each verified contract (as endpoint 12 serves it). */
  readonly verified: readonly number[];
}

const ascending = (a: number, b: number) => a - b;

/** Needs the contract catalogue (verified_at is part of a contract's artifacts). */
export const contractTimeline = (facts: Facts): ContractTimeline =>
  facts.memo.get('contract-timeline', () => ({
    created: contractsWithCode(facts)
      .map((id) => facts.chain.blocks.at(creationBlockOf(facts, id))!.timestamp)
      .sort(ascending),
    verified: verifiedContracts(facts)
      .map((id) => artifactsOf(facts, id).verifiedAt)
      .sort(ascending),
  }));

/** Contracts created and contracts verified in the day before the head block (its time − 86,400 s excluded, its own included), as `lastDay`. */
export function lastDayContracts(facts: Facts): { readonly created: number; readonly verified: number } {
  const { chain } = facts;
  const since = chain.blocks.at(chain.headHeight)!.timestamp - 86_400;
  const { created, verified } = contractTimeline(facts);
  return { created: created.filter((t) => t > since).length, verified: verified.filter((t) => t > since).length };
}
