/**
 * A JSON-RPC error as a node answers it: a code, a message naming what is wrong, and data when
 * the node has some (a revert's bytes). Handlers throw it; the envelope turns it into the answer.
 * Codes and texts follow geth's (`rpc/errors.go`, `core/txpool/errors.go`).
 */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

export const parseError = () => new RpcError(-32700, 'parse error');
export const invalidRequest = (why = 'invalid request') => new RpcError(-32600, why);
export const methodNotFound = (method: string) =>
  new RpcError(-32601, `the method ${method} does not exist/is not available`);
export const invalidParams = (message: string) => new RpcError(-32602, message);
/** geth's default code for a method's own failure (unknown filter, txpool refusals, a block not found). */
export const serverError = (message: string, data?: unknown) => new RpcError(-32000, message, data);

/** A call that reverted: code 3, `execution reverted[: reason]`, the revert bytes as data. */
export const executionReverted = (data: `0x${string}`, reason: string | null) =>
  new RpcError(3, reason === null ? 'execution reverted' : `execution reverted: ${reason}`, data);
