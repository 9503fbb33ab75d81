type Get = (url: string) => { status: number; body: string };

/**
 * Walks a list's first `limit` pages as a client does, every key of `next_page_params` copied
 * into the query beside the first URL's filters, handing each page (URL and parsed body) to `visit`.
 */
function walkPages(
  get: Get,
  first: string,
  limit: number,
  visit: (url: string, page: { items?: unknown[] } | null) => void,
): void {
  const [path, filters = ''] = first.split('?') as [string, string?];
  let url = first;
  for (let pages = 0; pages < limit; pages++) {
    const answer = get(url);
    const page =
      answer.status === 200
        ? (JSON.parse(answer.body) as { items?: unknown[]; next_page_params?: Record<string, unknown> | null } | null)
        : null;
    visit(url, page);
    const next = page?.next_page_params;
    if (!next || pages + 1 === limit) return;
    const query = new URLSearchParams(filters);
    for (const [key, value] of Object.entries(next)) query.set(key, value === null ? 'null' : String(value));
    url = `${path}?${query}`;
  }
}

/** The URLs of a list's first `limit` pages, found as a client finds them. */
export function followPages(get: Get, first: string, limit: number): string[] {
  const urls: string[] = [];
  walkPages(get, first, limit, (url) => urls.push(url));
  return urls;
}

/** Every item of a list (its first `limit` pages), each page fetched once. */
export function collectItems<T = unknown>(get: Get, first: string, limit = 10_000): T[] {
  const items: T[] = [];
  walkPages(get, first, limit, (_url, page) => items.push(...((page?.items ?? []) as T[])));
  return items;
}
