/**
 * What every handler returns: a status and the JSON text of the body. Handlers are pure
 * functions of (chain, path, query); the HTTP server, the in-process fetch handler and the
 * fixture exporter all send `body` as it is.
 */
export interface ApiResponse {
  readonly status: number;
  /** JSON text, unless `contentType` says otherwise. */
  readonly body: string;
  /** The body's media type when it is not JSON (a CSV export's). */
  readonly contentType?: string;
  /** Headers the answer carries besides the content type (a download's disposition and cookie). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Answers one GET under `/api/v2`. `pathname` is the raw (still percent-encoded) path of the
 * request, starting with `/api/v2`; `query` is the parsed query string.
 */
export type ApiHandler = (pathname: string, query: URLSearchParams) => ApiResponse;

export const jsonResponse = (status: number, value: unknown): ApiResponse => ({
  status,
  body: JSON.stringify(value),
});
