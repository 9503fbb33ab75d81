import { INTERNAL_ERROR } from '../rest/errors.js';
import { ModuleNotLoaded } from '../lazy/lazyModule.js';

/** A request as the HTTP semantics need it, whatever carried it (Node, Fetch, a fixture exporter). */
export interface HttpRequest {
  readonly method: string;
  /** Path and query, as sent (still percent-encoded). */
  readonly url: string;
  readonly header: (name: string) => string | null | undefined;
  /** A POST's body as text; null when it was larger than the adapter reads (`MAX_POST_BYTES`). */
  readonly body?: string | null;
  /**
   * Why this request may not change state (a page of another site: see `accessPolicy`), set by the
   * adapter; absent, it may. Routes that change state refuse with it; reads never look at it.
   */
  readonly writeRefusal?: string | undefined;
}

/** The largest POST body the adapters read; a longer one reaches its route as `body: null`. */
export const MAX_POST_BYTES = 5 * 1024 * 1024;

/**
 * The full answer: status, headers and body (none for HEAD and 204). A GET's body is bytes (kept in
 * the answer cache); a POST's stays text, which Node writes together with the head in one write.
 */
export interface HttpAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array | string | null;
}

/** What a mounted API answers: a status and a body (JSON unless it names its own content type). */
export interface RouteAnswer {
  readonly status: number;
  readonly body: string | Uint8Array;
  readonly contentType?: string;
  /** Headers besides the content type (a download's disposition and cookie). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A request answered at once: every method but POST (a GET's answer is what the answer cache keeps). */
export type ReadRequest = HttpRequest & { readonly method: 'GET' | 'HEAD' | 'OPTIONS' };

/**
 * A mounted API's answer to a GET (and HEAD) of a path it covers, the path without a trailing
 * slash (still percent-encoded) and the query parsed; undefined for a path under its mount it does
 * not serve (the next mount is asked, and at last the mock's 404).
 */
export type GetAnswer = (path: string, query: URLSearchParams) => RouteAnswer | undefined;

/**
 * A mounted API's answer to a POST: to its body (null: too large), with the query, the request's
 * headers (a form's content type), and why the request may not change state when it may not (the
 * API refuses the calls that would: a send, a verification); a promise when the work is long and
 * done in turns (the node's batches), so that other requests are answered meanwhile.
 */
export type PostAnswer = (
  body: string | null,
  query: URLSearchParams,
  header: (name: string) => string | null | undefined,
  writeRefusal: string | undefined,
) => RouteAnswer | Promise<RouteAnswer>;

/**
 * An API mounted at a path, as hono's `app.route(path, api)`: it covers that path and every path
 * under it (`/api/v2` covers `/api/v2/blocks`), or with `exact` that path only. A GET goes to the
 * first mount of the table that covers its path and answers it; a POST to the exact mount of its
 * path that takes POSTs (which answers GETs too when it has `get`: the Etherscan-style APIs).
 */
export interface Mount {
  readonly path: string;
  readonly exact?: boolean;
  readonly get?: GetAnswer;
  /** Only on an exact mount. */
  readonly post?: PostAnswer;
  /** Every POST to it changes state (mining, reset): refused whole, preflight included, from a request that may not. */
  readonly changesState?: boolean;
  /** Its answer to an unexpected error of its own (a bug), once `onError` reported it: by default the JSON 500. */
  readonly errorAnswer?: () => RouteAnswer;
}

/** A mount that takes POSTs. */
type PostMount = Mount & { readonly post: PostAnswer };

/** Whether a mount covers a path. */
const covers = (mount: Mount, path: string): boolean =>
  path === mount.path ||
  (!mount.exact && path.startsWith(mount.path) && path.charCodeAt(mount.path.length) === 47) /* '/' */;

/** Every API a server answers, in the order a GET asks them. */
export interface HttpRoutes {
  readonly mounts: readonly Mount[];
  /** Called with every unexpected error (a bug); the client gets its mount's error answer (a 500). */
  readonly onError?: (error: unknown, url: string) => void;
}

/** Longest request line accepted; longer ones get 414. */
const MAX_URL_LENGTH = 8 * 1024;
const JSON_TYPE = 'application/json; charset=utf-8';
const ALLOW = 'GET, HEAD, OPTIONS';
const POST_ALLOW = 'POST, OPTIONS';
const GET_AND_POST_ALLOW = 'GET, HEAD, POST, OPTIONS';
const CORS = { 'access-control-allow-origin': '*' };
const encoder = new TextEncoder();
/** UTF-8 bytes of a text: Node's Buffer where there is one (several times faster on short texts), else a TextEncoder (a service worker). */
const utf8: (text: string) => Uint8Array =
  typeof Buffer === 'function' ? (text) => Buffer.from(text, 'utf8') : (text) => encoder.encode(text);

/** The UTF-8 length of a text. */
const byteLength: (text: string) => number =
  typeof Buffer === 'function' ? (text) => Buffer.byteLength(text, 'utf8') : (text) => encoder.encode(text).length;

/** The headers of a body answer (an object literal: no spreading on the hot path). */
const bodyHeaders = (contentType: string, length: number): Record<string, string> => ({
  'access-control-allow-origin': '*',
  'content-type': contentType,
  'content-length': String(length),
});

/** The headers of an answer that may name its own content type and extra headers (JSON, and none, by default). */
const answerHeaders = (
  answer: {
    readonly contentType?: string | undefined;
    readonly headers?: Readonly<Record<string, string>> | undefined;
  },
  length: number,
): Record<string, string> => {
  const headers = bodyHeaders(answer.contentType ?? JSON_TYPE, length);
  return answer.headers ? { ...headers, ...answer.headers } : headers;
};

/** Request headers a page that may not change state may still send to a POST path (a read through `/rpc`, a fault asked for). */
const READ_HEADERS = new Set([
  'content-type',
  'accept',
  'accept-language',
  'content-language',
  'authorization',
  'x-requested-with',
  'x-mock-latency',
  'x-mock-status',
  'x-mock-fault',
  'prefer',
]);

/** The requested headers a preflight allows: all of them from a page that may change state, else only `READ_HEADERS`. */
const allowedHeaders = (requested: string, mayWrite: boolean) =>
  mayWrite
    ? requested
    : requested
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => READ_HEADERS.has(h))
        .join(', ');

/** A JSON error answer `{"message": …}` with the API's CORS header (also the 403 of a refused host or origin). */
export const jsonMessage = (status: number, message: string, extra: Record<string, string> = {}): HttpAnswer => {
  const body = utf8(JSON.stringify({ message }));
  return {
    status,
    headers: { ...CORS, 'content-type': JSON_TYPE, 'content-length': String(body.length), ...extra },
    body,
  };
};

/**
 * The HTTP behaviour of the mock, in one place for every adapter: methods, CORS and preflight,
 * HEAD, trailing slashes, limits, and the JSON error bodies. Pure apart from `onError`. Throws
 * `ModuleNotLoaded` when the answer needs a module still loading (see `withModules`). Only a
 * POST's answer may come later (a promise: its route works in turns); every other is given at once.
 */
export function answerHttp(app: HttpRoutes, request: ReadRequest): HttpAnswer;
export function answerHttp(app: HttpRoutes, request: HttpRequest): HttpAnswer | Promise<HttpAnswer>;
export function answerHttp(app: HttpRoutes, request: HttpRequest): HttpAnswer | Promise<HttpAnswer> {
  const method = request.method.toUpperCase();
  const q = request.url.indexOf('?');
  // The path, normalised once for every API: without its query and trailing slash.
  const path = trimmed(q < 0 ? request.url : request.url.slice(0, q));
  const query = q < 0 ? '' : request.url.slice(q + 1);
  const post = app.mounts.find((m): m is PostMount => m.post !== undefined && m.path === path);
  const allow = post ? (post.get ? GET_AND_POST_ALLOW : POST_ALLOW) : ALLOW;
  const refusal = post ? request.writeRefusal : undefined;
  if (method === 'OPTIONS' && request.header('access-control-request-method')) {
    // A page that may not change state is not even let to send to a path that only changes it.
    if (refusal && post?.changesState) return jsonMessage(403, refusal, { vary: 'origin' });
    return {
      status: 204,
      headers: {
        ...CORS,
        'access-control-allow-methods': allow,
        'access-control-allow-headers': allowedHeaders(
          request.header('access-control-request-headers') ?? '',
          !refusal,
        ),
        'access-control-max-age': '86400',
        vary: 'origin',
        'content-length': '0',
      },
      body: null,
    };
  }
  if (post && method === 'POST') {
    if (request.url.length > MAX_URL_LENGTH) return jsonMessage(414, 'URI too long');
    // A POST a page sends without a preflight (text/plain, a form) lands here too.
    if (refusal && post.changesState) return jsonMessage(403, refusal);
    return answerPost(app, post, request, query);
  }
  if ((post && !post.get) || (method !== 'GET' && method !== 'HEAD'))
    return jsonMessage(405, `Method ${method.slice(0, 20)} not allowed`, { allow });
  if (request.url.length > MAX_URL_LENGTH) return jsonMessage(414, 'URI too long');
  const answer = answerGet(app, path, query, request.url);
  return method === 'HEAD' ? { ...answer, body: null } : answer;
}

const trimmed = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

/** A mount's answer to its own unexpected error (a module still loading is no error: it is thrown on). */
function failed(app: HttpRoutes, mount: Mount | undefined, error: unknown, url: string): HttpAnswer {
  if (error instanceof ModuleNotLoaded) throw error;
  app.onError?.(error, url);
  return mount?.errorAnswer ? routeAnswer(mount.errorAnswer()) : internalError();
}

function answerPost(
  app: HttpRoutes,
  post: PostMount,
  request: HttpRequest,
  query: string,
): HttpAnswer | Promise<HttpAnswer> {
  const fail = (error: unknown) => failed(app, post, error, `POST ${request.url}`);
  try {
    const answer = post.post(
      request.body === undefined ? '' : request.body,
      new URLSearchParams(query),
      request.header,
      request.writeRefusal,
    );
    return answer instanceof Promise ? answer.then(postAnswer, fail) : postAnswer(answer);
  } catch (error) {
    return fail(error);
  }
}

const postAnswer = (answer: RouteAnswer): HttpAnswer => {
  const { body } = answer;
  return {
    status: answer.status,
    headers: answerHeaders(answer, typeof body === 'string' ? byteLength(body) : body.length),
    body,
  };
};

const internalError = (): HttpAnswer => {
  const body = utf8(INTERNAL_ERROR.body);
  return { status: 500, headers: bodyHeaders(JSON_TYPE, body.length), body };
};

/** A GET's answer: the first mount that covers the path and answers it, else the mock's 404. */
function answerGet(app: HttpRoutes, path: string, query: string, url: string): HttpAnswer {
  const params = new URLSearchParams(query);
  let mount: Mount | undefined;
  try {
    for (mount of app.mounts) {
      if (!mount.get || !covers(mount, path)) continue;
      const answer = mount.get(path, params);
      if (answer) return routeAnswer(answer);
    }
    return jsonMessage(404, 'Not found');
  } catch (error) {
    return failed(app, mount, error, url);
  }
}

/** A mounted API's answer as HTTP: its body as bytes, with its length and content type. */
function routeAnswer(answer: RouteAnswer): HttpAnswer {
  const body = typeof answer.body === 'string' ? utf8(answer.body) : answer.body;
  return {
    status: answer.status,
    headers: answerHeaders(answer, body.length),
    body,
  };
}
