/**
 * The URLs of a list's first `limit` pages, found as a client finds them: every key of
 * `next_page_params` copied into the query beside the first URL's filters.
 */
export function followPages(get: (url: string) => { status: number; body: string }, first: string, limit: number): string[] {
  const urls = [first];
  const [path, filters = ''] = first.split('?') as [string, string?];
  for (let url = first; urls.length < limit; ) {
    const answer = get(url);
    if (answer.status !== 200) break;
    const next = (JSON.parse(answer.body) as { next_page_params?: Record<string, unknown> | null } | null)?.next_page_params;
    if (!next) break;
    const query = new URLSearchParams(filters);
    for (const [key, value] of Object.entries(next)) query.set(key, value === null ? 'null' : String(value));
    url = `${path}?${query}`;
    urls.push(url);
  }
  return urls;
}
