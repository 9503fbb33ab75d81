import { firstWhere } from '../chain/search.js';
import type { ApiResponse } from './response.js';

/** Items per page on every list endpoint. */
export const PAGE_SIZE = 50;

/** Options of `takePage`. */
export interface TakePageOptions {
  /** How many items an element counts for (an ERC-1155 batch log lists one item per id). */
  readonly weight?: (element: number) => number;
  /** When true for (last taken, next), the page must not end between them. */
  readonly together?: (a: number, b: number) => boolean;
}

/**
 * One page of a sorted list, by keyset. `list` is sorted ascending; the endpoint lists it
 * ascending (`newestFirst` false) or descending. `afterCursor(element)` says whether an element
 * comes strictly after the cursor in the endpoint's order; it must hold on a suffix of the
 * endpoint's order, so the start is found by binary search. Returns the page's elements and
 * whether more follow.
 */
export function takePage(
  list: ArrayLike<number>,
  newestFirst: boolean,
  afterCursor: ((element: number) => boolean) | null,
  options: TakePageOptions = {},
): { elements: number[]; more: boolean } {
  const n = list.length;
  // `at(i)` is the i-th element in endpoint order.
  const at = newestFirst ? (i: number) => list[n - 1 - i]! : (i: number) => list[i]!;
  const start = afterCursor ? firstWhere(n, (i) => afterCursor(at(i))) : 0;
  const elements: number[] = [];
  let items = 0;
  let i = start;
  for (; i < n && items < PAGE_SIZE; i++) {
    const element = at(i);
    elements.push(element);
    items += options.weight ? options.weight(element) : 1;
  }
  if (options.together) {
    while (i < n && options.together(elements[elements.length - 1]!, at(i))) elements.push(at(i++));
  }
  return { elements, more: i < n };
}

const identities = new Map<number, Int32Array>();

/** 0, 1, …, n − 1: the positions of a list that is itself in order. */
export function identity(n: number): Int32Array {
  let list = identities.get(n);
  if (!list) {
    list = Int32Array.from({ length: n }, (_, i) => i);
    if (identities.size > 64) identities.clear();
    identities.set(n, list);
  }
  return list;
}

/** Lexicographic comparison of number tuples. */
export function compareTuples(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
}

/**
 * The JSON of a page: optional leading fields (already JSON), the items (already JSON) and
 * `next_page_params`, assembled without re-serialising the items.
 */
export function pageResponse(items: readonly string[], next: Record<string, unknown> | null, lead = ''): ApiResponse {
  return {
    status: 200,
    body: `{${lead}"items":[${items.join(',')}],"next_page_params":${next === null ? 'null' : JSON.stringify(next)}}`,
  };
}

export const EMPTY_PAGE: ApiResponse = { status: 200, body: '{"items":[],"next_page_params":null}' };
