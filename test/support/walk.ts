import { walkPagesAsync } from '../../src/rest/walkPages.js';

/** How a test reaches the API: in process or over HTTP. */
export type Get = (pathAndQuery: string) => Promise<{ status: number; body: string; headers?: Headers }>;

export interface Walk {
  readonly pages: { items: unknown[]; next: Record<string, unknown> | null; body: string; url: string }[];
  readonly items: unknown[];
}

/** Walks every page of a list the way a client does (`src/rest/walkPages.ts`); every page must answer 200. */
export async function walk(
  get: Get,
  path: string,
  filters: Record<string, string> = {},
  maxPages = 10_000,
): Promise<Walk> {
  const query = new URLSearchParams(filters);
  const walked = await walkPagesAsync(get, `${path}${query.size ? `?${query}` : ''}`, maxPages + 1);
  if (walked.length > maxPages) throw new Error(`${path}: more than ${maxPages} pages`);
  const pages = walked.map(({ url, answer, page }) => {
    if (answer.status !== 200 || !page)
      throw new Error(`${url} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    return { items: page.items ?? [], next: page.next_page_params ?? null, body: answer.body, url };
  });
  return { pages, items: pages.flatMap((p) => p.items) };
}
