import type { Action, EtherscanV2Answer, EtherscanV2Context, EtherscanV2Request, Params } from './envelope.js';

/** A request's `id`: a number as sent, else 1 (what Etherscan's proxy answers with). */
const idOf = (params: Params): number => {
  const id = params.get('id')?.trim();
  return id !== undefined && /^\d{1,15}$/.test(id) ? Number(id) : 1;
};

/** A block tag as the node takes it: as sent, `latest` when absent. */
const tagOf = (params: Params) => params.get('tag')?.trim() || 'latest';

/** A call or estimate's transaction object, from the fields Etherscan reads (and ethers' `gasLimit` for `gas`). */
function callObject(params: Params): Record<string, string> {
  const object: Record<string, string> = {};
  for (const [field, names] of [
    ['from', ['from']],
    ['to', ['to']],
    ['data', ['data', 'input']],
    ['value', ['value']],
    ['gas', ['gas', 'gaslimit']],
    ['gasPrice', ['gasprice']],
    ['maxFeePerGas', ['maxfeepergas']],
    ['maxPriorityFeePerGas', ['maxpriorityfeepergas']],
    ['nonce', ['nonce']],
  ] as const) {
    const value = names.map((n) => params.get(n)).find((v) => v !== undefined);
    if (value !== undefined) object[field] = value.trim();
  }
  return object;
}

/** The node's parameters for each method, from Etherscan's parameter names. */
const PARAMS: Readonly<Record<string, (params: Params) => unknown[]>> = {
  eth_blockNumber: () => [],
  eth_getBlockByNumber: (p) => [tagOf(p), p.get('boolean')?.trim().toLowerCase() === 'true'],
  eth_getUncleByBlockNumberAndIndex: (p) => [tagOf(p), p.get('index')?.trim() ?? null],
  eth_getBlockTransactionCountByNumber: (p) => [tagOf(p)],
  eth_getTransactionByHash: (p) => [p.get('txhash')?.trim() ?? null],
  eth_getTransactionByBlockNumberAndIndex: (p) => [tagOf(p), p.get('index')?.trim() ?? null],
  eth_getTransactionCount: (p) => [p.get('address')?.trim() ?? null, tagOf(p)],
  eth_sendRawTransaction: (p) => [p.get('hex')?.trim() ?? null],
  eth_getTransactionReceipt: (p) => [p.get('txhash')?.trim() ?? null],
  eth_call: (p) => [callObject(p), tagOf(p)],
  eth_getCode: (p) => [p.get('address')?.trim() ?? null, tagOf(p)],
  eth_getStorageAt: (p) => [p.get('address')?.trim() ?? null, p.get('position')?.trim() ?? null, tagOf(p)],
  eth_gasPrice: () => [],
  eth_estimateGas: (p) => [callObject(p)],
};

/** Runs one method on the node: its JSON-RPC answer, as the node writes it (the proxy module's answer). */
function onNode(
  ctx: EtherscanV2Context,
  method: string,
  params: Params,
  request: EtherscanV2Request,
): EtherscanV2Answer {
  const body = JSON.stringify({ jsonrpc: '2.0', id: idOf(params), method, params: PARAMS[method]!(params) });
  return { status: 200, body: ctx.node(body, request.method === 'POST' ? request.writeRefusal : undefined) ?? '' };
}

/**
 * The proxy module: each `eth_*` action Etherscan exposes, answered by the node serving the same
 * chain (its methods, its errors, its sends) in JSON-RPC's envelope, with Etherscan's parameter
 * names (`tag`, `txhash`, `boolean`, `hex`…) mapped to the method's.
 */
export const proxyActions: Readonly<Record<string, Action>> = Object.fromEntries(
  Object.keys(PARAMS).map((method) => [
    method.toLowerCase(),
    (ctx, params, request) => onNode(ctx, method, params, request),
  ]),
);
