/** A set of numbers with O(1) add, delete and uniform random pick. */
export interface HolderSet<T> {
  readonly items: T[];
  readonly position: Map<T, number>;
}

export const holderSet = <T>(): HolderSet<T> => ({ items: [], position: new Map() });

export function addHolder<T>(set: HolderSet<T>, item: T): void {
  if (set.position.has(item)) return;
  set.position.set(item, set.items.length);
  set.items.push(item);
}

export function deleteHolder<T>(set: HolderSet<T>, item: T): void {
  const at = set.position.get(item);
  if (at === undefined) return;
  const last = set.items.pop() as T;
  set.position.delete(item);
  if (at < set.items.length) {
    set.items[at] = last;
    set.position.set(last, at);
  }
}
