import { lru } from '../memo/lru.js';
import { answerHttp, type HttpAnswer, type HttpRequest, type HttpRoutes, type ReadRequest } from './answerHttp.js';

/**
 * What one cached answer costs beyond its body and key (answer and headers objects, the byte
 * array, the map entry), measured at about 770 bytes: without it, a crawl of distinct junk URLs
 * (tiny 4xx bodies) would fit a million entries, ~1 GB, under a 64 MB bound.
 */
const ENTRY_OVERHEAD = 1024;

/** Answers requests through a cache of GET answers (see `cachedAnswers`). */
export interface CachedAnswers {
  /** Every answer but a POST's is given at once. */
  (request: ReadRequest): HttpAnswer;
  /** A POST's may come later (a promise), when its route works in turns (the node's batches). */
  (request: HttpRequest): HttpAnswer | Promise<HttpAnswer>;
  /** The cached answer to a GET of `url`, if any: the fast path of the Node server. */
  peek(url: string): HttpAnswer | undefined;
  /** Forgets every answer: the mempool or a verification's status changed what some URLs answer. */
  clear(): void;
}

/**
 * `answerHttp` behind a cache of GET answers keyed by the raw URL: the chain never changes, so a
 * URL once answered is answered again with the same bytes and headers, without parsing or
 * routing. Bounded by body bytes; 500s are never kept. Both the Node server and the in-process
 * fetch handler answer through it.
 */
export function cachedAnswers(app: HttpRoutes, maxBytes = 64 * 1024 * 1024): CachedAnswers {
  const cache = lru<HttpAnswer & { length: number }>(maxBytes);
  const answer = (request: HttpRequest): HttpAnswer | Promise<HttpAnswer> => {
    const method = request.method.toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') return answerHttp(app, request);
    const hit = cache.get(request.url);
    const full = hit ?? answerHttp(app, { ...request, method: 'GET' });
    if (!hit && full.status !== 500 && full.body)
      cache.set(request.url, { ...full, length: full.body.length + ENTRY_OVERHEAD });
    return method === 'HEAD' ? { ...full, body: null } : full;
  };
  return Object.assign(answer as CachedAnswers, { peek: (url: string) => cache.peek(url), clear: () => cache.clear() });
}
