import type { Chain } from '../chain/types.js';
import type { Facts } from '../domain/facts.js';
import type { Mempool } from '../domain/mempool.js';
import type { Verifier } from '../domain/verifier.js';

/** What Etherscan's API actions read: the chain served, its facts and mempool, where verifications go, and the node. */
export interface EtherscanV2Context {
  readonly chain: Chain;
  readonly facts: Facts;
  readonly mempool: () => Mempool | undefined;
  readonly verifier?: Verifier | undefined;
  /**
   * Runs a JSON-RPC request (its body) on the node serving the same chain: its answer, as the node
   * writes it; with `writeRefusal`, the caller may not change the chain (its sends are refused so).
   */
  readonly node: (body: string, writeRefusal?: string) => string | null;
  /** The key every request must carry (`apikey`); undefined: any key, or none, is taken. */
  readonly apiKey?: string | undefined;
}

/** An answer: the HTTP status and the body (Etherscan's envelope, the proxy module's JSON-RPC, or the chain list). */
export interface EtherscanV2Answer {
  readonly status: number;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Request parameters, the query's and the body's merged (the body wins), names lower-cased: Etherscan reads them case-blind. */
export type Params = ReadonlyMap<string, string>;

/** How a request came: by GET (which changes nothing), or by POST and why it may not change state, when it may not. */
export type EtherscanV2Request =
  | { readonly method: 'GET' }
  | { readonly method: 'POST'; readonly writeRefusal?: string | undefined };

/** An action: its answer to the parameters. */
export type Action = (ctx: EtherscanV2Context, params: Params, request: EtherscanV2Request) => EtherscanV2Answer;

/**
 * Etherscan's envelope, keys in its order (`status`, `message`, `result`), always HTTP 200:
 * status "1" with "OK", "0" with "NOTOK" and the error in `result`, or "0" with the empty list's
 * message (`No transactions found`) and `[]`.
 */
export const envelope = (status: '0' | '1', message: string, result: unknown): EtherscanV2Answer => ({
  status: 200,
  body: `{"status":"${status}","message":${JSON.stringify(message)},"result":${JSON.stringify(result ?? null)}}`,
});

export const ok = (result: unknown): EtherscanV2Answer => envelope('1', 'OK', result);
/** An error: status "0", `NOTOK`, the text in `result`. */
export const notOk = (text: string): EtherscanV2Answer => envelope('0', 'NOTOK', text);
/** An empty list: status "0", its message, `[]`. */
export const noneFound = (message: string): EtherscanV2Answer => envelope('0', message, []);
/** A list: `OK` with its items, or the empty list's message. */
export const listed = (items: readonly unknown[], empty = 'No transactions found'): EtherscanV2Answer =>
  items.length ? ok(items) : noneFound(empty);
