import type { Chain } from '../chain/types.js';
import { factsOf } from '../domain/facts.js';
import type { Mempool } from '../domain/mempool.js';
import type { Verifier } from '../domain/verifier.js';
import { ParamsError, paramsOf } from '../etherscan/params.js';
import type { EtherscanV2Context } from '../etherscanV2/envelope.js';
import type { Mount } from '../http/answerHttp.js';
import type { RpcNode } from '../rpc/node.js';
import { etherscanV2Module } from './nodeModule.js';

/** How the Etherscan-style APIs answer: chosen once per server (`--etherscan-v1`, `--etherscan-api-key`). */
export interface EtherscanOptions {
  /** What `/api?module=…` answers: Blockscout's flavour (`blockscout`, the default) or Etherscan's V1 deprecation (`deprecated`). */
  readonly v1?: 'blockscout' | 'deprecated';
  /** Require this key (`apikey`) on `/v2/api`; without it any key, or none, is taken. */
  readonly apiKey?: string;
}

export const ETHERSCAN_V2_PATH = '/v2/api';
export const CHAIN_LIST_PATH = '/v2/chainlist';

const tooLarge = { status: 413, body: JSON.stringify({ status: '0', message: 'NOTOK', result: 'Body too large' }) };

/**
 * Where Etherscan's own API is mounted over a chain: GET and POST `/v2/api` (a form, multipart or
 * JSON body over the query), GET `/v2/chainlist`. Its proxy module runs on `node`, the node
 * serving the chain. The API's module loads on first use (or after start).
 */
export function etherscanV2Mounts(
  chain: Chain,
  mempool: () => Mempool | undefined,
  verifier: Verifier | undefined,
  node: () => RpcNode,
  options: EtherscanOptions = {},
): Mount[] {
  const ctx: EtherscanV2Context = {
    chain,
    facts: factsOf(chain),
    mempool,
    verifier,
    node: (body, writeRefusal) => node().answer(body, undefined, writeRefusal),
    apiKey: options.apiKey,
  };
  return [
    {
      path: ETHERSCAN_V2_PATH,
      exact: true,
      get: (_path, query) =>
        etherscanV2Module.get().etherscanV2Answer(ctx, paramsOf(query, null, null), { method: 'GET' }),
      post: (body, query, header, writeRefusal) => {
        if (body === null) return tooLarge;
        let params;
        try {
          params = paramsOf(query, body, header('content-type'));
        } catch (error) {
          if (!(error instanceof ParamsError)) throw error;
          return { status: 400, body: JSON.stringify({ status: '0', message: 'NOTOK', result: error.message }) };
        }
        return etherscanV2Module.get().etherscanV2Answer(ctx, params, { method: 'POST', writeRefusal });
      },
    },
    { path: CHAIN_LIST_PATH, exact: true, get: () => etherscanV2Module.get().chainList(ctx) },
  ];
}

/** What is wrong with Etherscan options, or null. */
export function etherscanOptionsProblem(options: EtherscanOptions | undefined): string | null {
  if (options === undefined) return null;
  if (options === null || typeof options !== 'object') return `etherscan must be an object, got ${String(options)}`;
  if (options.v1 !== undefined && options.v1 !== 'blockscout' && options.v1 !== 'deprecated')
    return `etherscan.v1 must be 'blockscout' or 'deprecated', got ${JSON.stringify(options.v1)}`;
  if (options.apiKey !== undefined && (typeof options.apiKey !== 'string' || options.apiKey === ''))
    return `etherscan.apiKey must be a non-empty string, got ${JSON.stringify(options.apiKey)}`;
  return null;
}
