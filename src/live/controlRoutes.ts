import type { RouteAnswer } from '../http/answerHttp.js';
import { errorAnswer, MAX_BODY_BYTES } from '../rpc/envelope.js';
import type { RpcNode } from '../rpc/node.js';
import { RpcError } from '../rpc/rpcError.js';
import { readOnlyState } from '../rpc/method.js';
import { ethRpcModule } from '../app/nodeModule.js';
import type { Chain } from '../chain/types.js';
import { MineError } from './mineError.js';

const tooLarge = { status: 413, body: JSON.stringify({ message: 'Body too large' }) };

/** The answer to `POST /__mock/mine` with body `{"blocks": n}` (empty: one block). */
export function mineRequest(mine: (blocks: number) => Chain, body: string | null): RouteAnswer {
  if (body === null) return tooLarge;
  let blocks: unknown = 1;
  if (body.trim() !== '') {
    try {
      const parsed = JSON.parse(body) as unknown;
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
      blocks = (parsed as { blocks?: unknown }).blocks ?? 1;
    } catch {
      return { status: 400, body: JSON.stringify({ message: 'Body must be a JSON object such as {"blocks": 1}' }) };
    }
  }
  try {
    const chain = mine(blocks as number);
    const head = chain.blocks.at(chain.headHeight)!;
    return {
      status: 200,
      body: JSON.stringify({ head: chain.headHeight, hash: head.hash, timestamp: head.timestamp }),
    };
  } catch (error) {
    if (error instanceof MineError) return { status: 400, body: JSON.stringify({ message: error.message }) };
    throw error;
  }
}

/** The answer to `POST /__mock/reset`: the chain served again, as `/__mock/mine` names its head. */
export function resetAnswer(chain: Chain): RouteAnswer {
  const head = chain.blocks.at(chain.headHeight)!;
  return { status: 200, body: JSON.stringify({ head: chain.headHeight, hash: head.hash, timestamp: head.timestamp }) };
}

/**
 * The answer to `POST /rpc`: the node's JSON-RPC answer (an empty body for notifications only), a
 * long batch answered in turns (later: other requests are answered meanwhile); a body over the
 * node's limit gets HTTP 413 with a JSON-RPC error saying so. A caller that may not change the
 * chain (`writeRefusal`) reads as any other; its sends are refused.
 */
export function rpcAnswer(
  node: () => RpcNode,
  body: string | null,
  writeRefusal?: string,
): RouteAnswer | Promise<RouteAnswer> {
  if (body === null || body.length > MAX_BODY_BYTES)
    return {
      status: 413,
      body: errorAnswer(null, new RpcError(-32600, `request body too large: more than ${MAX_BODY_BYTES} bytes`)),
    };
  const answer = node().answerInTurns(body, undefined, writeRefusal);
  return answer instanceof Promise ? answer.then(rpcBody) : rpcBody(answer);
}

const rpcBody = (answer: string | null): RouteAnswer => ({ status: 200, body: answer ?? '' });

/** The answer to `POST /api/eth-rpc`: Blockscout's ETH RPC API over the same node (a send refused as `/rpc` refuses it). */
export function ethRpcAnswer(node: () => RpcNode, body: string | null, writeRefusal?: string): RouteAnswer {
  if (body === null) return tooLarge;
  const n = node();
  const state = writeRefusal === undefined ? n.state : readOnlyState(n.state, writeRefusal);
  return ethRpcModule.get().blockscoutEthRpc(n.context(), state, body);
}
