import type { Chain } from '../chain/types.js';
import type { Facts } from '../domain/facts.js';
import type { Mempool } from '../domain/mempool.js';
import type { Verifier } from '../domain/verifier.js';

export type { VerificationOutcome, VerificationState, Verifier } from '../domain/verifier.js';

/** What the Etherscan-compatible API's actions read: the chain served, its facts and its mempool; and where verifications go. */
export interface EtherscanContext {
  readonly chain: Chain;
  readonly facts: Facts;
  readonly mempool: () => Mempool | undefined;
  readonly verifier?: Verifier;
}

/** The paths the API answers at, trailing slash trimmed: `/api` and `/api/v1`. */
export const ETHERSCAN_PATHS = ['/api', '/api/v1'] as const;

/** An answer of the API: the HTTP status and the body (the explorer's envelope, or a raw body for its few raw actions). */
export interface EtherscanAnswer {
  readonly status: number;
  readonly body: string;
  readonly contentType?: string;
  /** Headers besides the content type (a 405's `allow`, a failed verification's reason). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Request parameters: the query and the body's fields, merged (the body wins), names case-sensitive. */
export type Params = ReadonlyMap<string, string>;

/** An action: its answer to the parameters. */
export type Action = (ctx: EtherscanContext, params: Params) => EtherscanAnswer;

/**
 * The explorer's envelope, keys in the order it writes them (`message`, `result`, `status`: its
 * small maps encode in sorted key order): `status` "1" and "OK" for success, "0" and the error's
 * text otherwise, with `result` null unless the action gives one (`[]` for an empty list).
 */
export const envelope = (status: '0' | '1' | '2', message: string, result: unknown, http = 200): EtherscanAnswer => ({
  status: http,
  body: `{"message":${JSON.stringify(message)},"result":${JSON.stringify(result ?? null)},"status":"${status}"}`,
});

export const ok = (result: unknown): EtherscanAnswer => envelope('1', 'OK', result);
export const fail = (message: string, result: unknown = null, http = 200): EtherscanAnswer =>
  envelope('0', message, result, http);

/** An object with its keys in the explorer's wire order: sorted bytewise (uppercase before `_` before lowercase). */
export function sorted<T extends Record<string, unknown>>(object: T, first: readonly string[] = []): T {
  const keys = Object.keys(object)
    .filter((k) => !first.includes(k))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const out: Record<string, unknown> = {};
  for (const k of first) if (k in object) out[k] = object[k];
  for (const k of keys) out[k] = object[k];
  return out as T;
}
