/** How a test reaches the API: in process or over HTTP. */
export type Get = (pathAndQuery: string) => Promise<{ status: number; body: string; headers?: Headers }>;

export interface Walk {
  readonly pages: { items: unknown[]; next: Record<string, unknown> | null; body: string; url: string }[];
  readonly items: unknown[];
}

/**
 * Walks every page of a list the way a client does: copies every key of `next_page_params` into
 * the query beside the filters, until `next_page_params` is null.
 */
export async function walk(
  get: Get,
  path: string,
  filters: Record<string, string> = {},
  maxPages = 10_000,
): Promise<Walk> {
  const pages: Walk['pages'] = [];
  let next: Record<string, unknown> | null = null;
  do {
    const query = new URLSearchParams(filters);
    for (const [key, value] of Object.entries(next ?? {})) query.set(key, value === null ? 'null' : String(value));
    const url = `${path}${query.size ? `?${query}` : ''}`;
    const response = await get(url);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${response.body.slice(0, 200)}`);
    const page = JSON.parse(response.body) as { items: unknown[]; next_page_params: Record<string, unknown> | null };
    pages.push({ items: page.items, next: page.next_page_params, body: response.body, url });
    next = page.next_page_params;
    if (pages.length > maxPages) throw new Error(`${path}: more than ${maxPages} pages`);
  } while (next);
  return { pages, items: pages.flatMap((p) => p.items) };
}
