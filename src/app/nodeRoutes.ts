import type { Mount, RouteAnswer } from '../http/answerHttp.js';
import { errorAnswer, MAX_BODY_BYTES } from '../rpc/envelope.js';
import { readOnlyState } from '../rpc/method.js';
import type { RpcNode } from '../rpc/node.js';
import { RpcError } from '../rpc/rpcError.js';
import { ethRpcModule } from './nodeModule.js';

const tooLarge = { status: 413, body: JSON.stringify({ message: 'Body too large' }) };

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

/** Where the node is served: its JSON-RPC at `/rpc`, Blockscout's ETH RPC API over it at `/api/eth-rpc` (and `/api/v1/eth-rpc`). */
export function nodeMounts(node: () => RpcNode): Mount[] {
  const ethRpc: Mount['post'] = (body, _query, _header, refusal) => ethRpcAnswer(node, body, refusal);
  return [
    { path: '/rpc', exact: true, post: (body, _query, _header, refusal) => rpcAnswer(node, body, refusal) },
    { path: '/api/eth-rpc', exact: true, post: ethRpc },
    { path: '/api/v1/eth-rpc', exact: true, post: ethRpc },
  ];
}
