import type { ApiHandler, ApiResponse } from './response.js';

/** A page as a walk reads it: the status and the JSON text. */
export interface PageAnswer {
  readonly status: number;
  readonly body: string;
}

/** One page a walk read: its URL, its answer, and its body parsed (null unless a 200). */
export interface WalkedPage {
  readonly url: string;
  readonly answer: PageAnswer;
  readonly page: { readonly items?: unknown[]; readonly next_page_params?: Record<string, unknown> | null } | null;
}

/**
 * The one page walker: the pages of a list as a client walks them. It yields each page's URL and
 * takes back its answer, copying every key of `next_page_params` into the query beside the first
 * URL's filters (a JSON null as `null`), until the list ends, a page is not a 200, or `limit` pages
 * were read; it returns the pages read. `walkPages` and `walkPagesAsync` drive it.
 */
export function* pageWalk(first: string, limit = 10_000): Generator<string, WalkedPage[], PageAnswer> {
  const [path, filters = ''] = first.split('?') as [string, string?];
  const pages: WalkedPage[] = [];
  for (let url = first; pages.length < limit; ) {
    const answer = yield url;
    const page = answer.status === 200 ? (JSON.parse(answer.body) as WalkedPage['page']) : null;
    pages.push({ url, answer, page });
    const next = page?.next_page_params;
    if (!next) break;
    const query = new URLSearchParams(filters);
    for (const [key, value] of Object.entries(next)) query.set(key, value === null ? 'null' : String(value));
    url = `${path}?${query}`;
  }
  return pages;
}

/** Every page of a list (at most `limit`), from a getter that answers at once. */
export function walkPages(get: (url: string) => PageAnswer, first: string, limit?: number): WalkedPage[] {
  const walk = pageWalk(first, limit);
  for (let step = walk.next(); ; ) {
    if (step.done) return step.value;
    step = walk.next(get(step.value));
  }
}

/** Every page of a list (at most `limit`), from a getter that may take time (a server, a fetch handler). */
export async function walkPagesAsync(
  get: (url: string) => PageAnswer | Promise<PageAnswer>,
  first: string,
  limit?: number,
): Promise<WalkedPage[]> {
  const walk = pageWalk(first, limit);
  for (let step = walk.next(); ; ) {
    if (step.done) return step.value;
    step = walk.next(await get(step.value));
  }
}

/** The URLs of a list's first `limit` pages, found as a client finds them. */
export const followPages = (get: (url: string) => PageAnswer, first: string, limit: number): string[] =>
  walkPages(get, first, limit).map((p) => p.url);

/** Every item of a list (its first `limit` pages), each page fetched once. */
export const collectItems = <T = unknown>(get: (url: string) => PageAnswer, first: string, limit?: number): T[] =>
  walkPages(get, first, limit).flatMap((p) => (p.page?.items ?? []) as T[]);

/** The one URL-to-API adapter: answers a URL (path and query, starting with `/api/v2`) with the REST API's function form. */
export function getUrl(api: ApiHandler, url: string): ApiResponse {
  const q = url.indexOf('?');
  return api(q < 0 ? url : url.slice(0, q), new URLSearchParams(q < 0 ? '' : url.slice(q + 1)));
}
