import type { RpcError } from './rpcError.js';

/** Most requests one batch may hold (geth's default), and the largest body the node reads. */
export const MAX_BATCH = 1_000;
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
/** Most bytes of answers one batch gets (geth's `BatchResponseMaxSize`); the requests after answer -32003. */
export const MAX_RESPONSE_BYTES = 25 * 1000 * 1000;
/**
 * How long a batch may run before the requests it has not reached answer -32002 `request timed
 * out`: geth's, its HTTP write timeout (30 s) less the 100 ms it keeps to write the answer.
 */
export const BATCH_TIMEOUT_MS = 29_900;

/** A request id as the client sent it (a JSON number, string or null), written back as it came. */
export type Id = string | number | null;

/** A JSON-RPC answer: the envelope around a result or error part (already JSON). */
export const answer = (id: Id, part: string): string => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},${part}}`;

const errorPart = (error: RpcError) =>
  `"error":${JSON.stringify(error.data === undefined ? { code: error.code, message: error.message } : { code: error.code, message: error.message, data: error.data })}`;

export const errorAnswer = (id: Id, error: RpcError): string => answer(id, errorPart(error));
