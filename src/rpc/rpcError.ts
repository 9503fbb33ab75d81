import { gethRevertReason } from '../domain/revertData.js';
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

/**
 * A call that reverted: code 3, the revert bytes as data, and geth's message: `execution reverted: `
 * and what the bytes say (an `Error(string)`'s reason, a panic's meaning), or `execution reverted`
 * alone (a custom error). A failure without bytes keeps its own reason (`out of gas`).
 */
export function executionReverted(data: `0x${string}`, reason: string | null): RpcError {
  const said = data === '0x' ? (reason === 'execution reverted' ? null : reason) : gethRevertReason(data);
  return new RpcError(3, said === null ? 'execution reverted' : `execution reverted: ${said}`, data);
}
