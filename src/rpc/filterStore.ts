import { createHash } from 'node:crypto';
import type { LogCriteria } from './logQuery.js';

/** A poll filter: what `eth_getFilterChanges` reports next. */
export type Filter =
  | { readonly kind: 'logs'; readonly criteria: LogCriteria; readonly toLatest: boolean; next: number }
  | { readonly kind: 'blocks'; next: number }
  | { readonly kind: 'pending'; readonly full: boolean; seen: Set<string> };

/** How long a filter nobody polls lives, as geth keeps one (5 minutes), and most filters kept at once. */
export const FILTER_TIMEOUT_MS = 5 * 60_000;
export const MAX_FILTERS = 10_000;
/** Most addresses and topic alternatives all filters hold together (each filter counts one more). */
export const MAX_FILTER_WEIGHT = 200_000;

/** What a filter costs to keep: one, plus its addresses and topic alternatives. */
export const weightOf = (criteria: Pick<LogCriteria, 'addresses' | 'topics'>): number =>
  1 + (criteria.addresses?.length ?? 0) + criteria.topics.reduce((sum, t) => sum + (t?.length ?? 0), 0);

/**
 * The node's poll filters, by id. An id is 16 bytes in hex without leading zeros (as geth makes
 * them), drawn from the seed and a counter, so a run's ids are the same every run. A filter not
 * polled for five minutes is dropped; past the limit the least recently polled goes first.
 */
export class FilterStore {
  private readonly filters = new Map<string, { filter: Filter; used: number; weight: number }>();
  private count = 0;
  private weight = 0;

  constructor(
    private readonly seed: string,
    private readonly now: () => number = Date.now,
  ) {}

  install(filter: Filter): string {
    this.sweep();
    const digest = createHash('sha256')
      .update(`${this.seed}:filter:${this.count++}`)
      .digest('hex')
      .slice(0, 32);
    const id = `0x${digest.replace(/^0+(?=.)/, '')}`;
    const weight = filter.kind === 'logs' ? weightOf(filter.criteria) : 1;
    this.filters.set(id, { filter, used: this.now(), weight });
    this.weight += weight;
    // Past either bound, the least recently polled go first.
    while (this.filters.size > MAX_FILTERS || this.weight > MAX_FILTER_WEIGHT)
      this.uninstall(this.filters.keys().next().value!);
    return id;
  }

  /** The filter of `id`, marked used (it lives five more minutes); undefined once gone. */
  poll(id: string): Filter | undefined {
    this.sweep();
    const entry = this.filters.get(id);
    if (!entry) return undefined;
    this.filters.delete(id);
    this.filters.set(id, { ...entry, used: this.now() });
    return entry.filter;
  }

  /** The filter of `id` without marking it used (`eth_getFilterLogs` does not keep a filter alive). */
  peek(id: string): Filter | undefined {
    this.sweep();
    return this.filters.get(id)?.filter;
  }

  uninstall(id: string): boolean {
    const entry = this.filters.get(id);
    if (!entry) return false;
    this.weight -= entry.weight;
    return this.filters.delete(id);
  }

  /** Forgets every filter (a reset). */
  clear(): void {
    this.filters.clear();
    this.count = 0;
    this.weight = 0;
  }

  private sweep(): void {
    const oldest = this.now() - FILTER_TIMEOUT_MS;
    for (const [id, entry] of this.filters) {
      if (entry.used >= oldest) break;
      this.uninstall(id);
    }
  }
}
