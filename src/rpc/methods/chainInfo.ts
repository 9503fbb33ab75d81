import * as Hash from 'ox/Hash';
import { AVERAGE_TIP, suggestedGasPrice } from '../../domain/chainStats.js';
import { CLIENT_VERSION } from '../../version.js';
import { feeHistory, nextBlobBaseFee } from './feeHistory.js';
import { arity, type RpcMethod } from '../method.js';
import { dataArg, quantity } from '../quantity.js';
import { methodNotFound } from '../rpcError.js';

/** `eth_blobBaseFee`: the blob base fee of the next block, as geth answers it; a chain without blobs has none. */
const blobBaseFeeMethod: RpcMethod = (ctx, params) => {
  arity(params, 0, 0);
  const fee = nextBlobBaseFee(ctx.chain, ctx.chain.headHeight);
  if (fee === null) throw methodNotFound('eth_blobBaseFee');
  return quantity(fee);
};

export const chainInfoMethods: Record<string, RpcMethod> = {
  eth_chainId: (ctx, params) => (arity(params, 0, 0), quantity(ctx.chainId)),
  net_version: (ctx, params) => (arity(params, 0, 0), String(ctx.chainId)),
  net_listening: (_ctx, params) => (arity(params, 0, 0), true),
  net_peerCount: (_ctx, params) => (arity(params, 0, 0), '0x0'),
  web3_clientVersion: (_ctx, params) => (arity(params, 0, 0), CLIENT_VERSION),
  web3_sha3: (_ctx, params) => (arity(params, 1, 1), Hash.keccak256(dataArg(params[0], 0))),
  eth_syncing: (_ctx, params) => (arity(params, 0, 0), false),
  eth_mining: (_ctx, params) => (arity(params, 0, 0), false),
  eth_hashrate: (_ctx, params) => (arity(params, 0, 0), '0x0'),
  eth_blockNumber: (ctx, params) => (arity(params, 0, 0), quantity(ctx.chain.headHeight)),
  eth_gasPrice: (ctx, params) => (arity(params, 0, 0), quantity(suggestedGasPrice(ctx.chain))),
  eth_maxPriorityFeePerGas: (_ctx, params) => (arity(params, 0, 0), quantity(AVERAGE_TIP)),
  eth_feeHistory: feeHistory,
  eth_blobBaseFee: blobBaseFeeMethod,
};
