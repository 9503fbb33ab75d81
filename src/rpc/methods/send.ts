import * as Hash from 'ox/Hash';
import * as OxHex from 'ox/Hex';
import type { Hex } from '../../chain/types.js';
import { pendingContext, type RpcContext } from '../context.js';
import { arity, InSteps, type NodeState, type RpcMethod } from '../method.js';
import { computed, isSteps, type Steps } from '../../lazy/steps.js';
import { addressArg, bigQuantityArg, dataArg, quantityArg } from '../quantity.js';
import { invalidParams, serverError } from '../rpcError.js';
import { chainSpecOf } from '../../protocol/chainSpec.js';
import { SendRefused } from '../../protocol/errors.js';
import { decodeSigned, signTransaction } from '../../protocol/signedTransaction.js';
import { accessListArg, callArg, estimateGas } from './call.js';
import { AVERAGE_TIP } from '../../domain/chainStats.js';

/** The wallet a send needs; a chain that cannot grow (a bare `createApi`) has none. */
function walletOf(node: NodeState) {
  if (!node.wallet)
    throw serverError('this chain does not take transactions: serve it with startServer or createHandler to send');
  return node.wallet;
}

/** Hands a signed transaction to the pool; a refusal (of its bytes, or the pool's) is the node's -32000 error with its text. */
function submit(ctx: RpcContext, node: NodeState, raw: Hex, impersonated?: string): Hex {
  const wallet = walletOf(node);
  try {
    const decoded = decodeSigned(raw, ctx.chainId, chainSpecOf(ctx.chain).transactionTypes);
    const sent = impersonated ? { ...decoded, from: impersonated } : decoded;
    wallet.send(sent);
    return sent.hash;
  } catch (error) {
    if (error instanceof SendRefused) throw serverError(error.message);
    throw error;
  }
}

/**
 * The key an impersonated account's transactions are signed with (`anvil_impersonateAccount`): a
 * stand-in drawn from its address, so its hash is stable; its signature does not recover the
 * account, as Anvil's does not either.
 */
const standInKey = (address: string): Hex => Hash.keccak256(OxHex.fromString(`explorer-mock impersonated ${address}`));

/** The gas `eth_sendTransaction` gives a transaction without one: `eth_estimateGas`'s at the pending block. */
function* gasFor(ctx: RpcContext, node: NodeState, request: Record<string, unknown>): Steps<number> {
  const estimate = estimateGas(ctx, [request, 'pending'], node);
  return Number(BigInt(isSteps(estimate) ? yield* estimate : estimate));
}

export const sendMethods: Record<string, RpcMethod> = {
  eth_accounts: (ctx, params) => (arity(params, 0, 0), ctx.chain.signers.map((s) => s.address.toLowerCase())),
  eth_sendRawTransaction(ctx, params, node) {
    arity(params, 1, 1);
    return submit(ctx, node, dataArg(params[0], 0));
  },
  /** Signs with the key of one of `eth_accounts` and sends, as Anvil and Hardhat do; the fields left out are filled as they fill them. */
  eth_sendTransaction(ctx, params, node) {
    arity(params, 1, 1);
    return new InSteps(sendTransaction(ctx, params, node));
  },
};

/** `eth_sendTransaction`, in steps: its gas, when left out, is estimated by running the call. */
function* sendTransaction(ctx: RpcContext, params: readonly unknown[], node: NodeState): Steps<Hex> {
  const o = params[0];
  if (o === null || typeof o !== 'object' || Array.isArray(o))
    throw invalidParams(`invalid argument 0: cannot unmarshal ${JSON.stringify(o) ?? 'undefined'} into a transaction`);
  const request = o as Record<string, unknown>;
  if (request.from === undefined || request.from === null) throw invalidParams('invalid argument 0: from is required');
  const from = addressArg(request.from, 0, 'from');
  const signer = ctx.chain.signers.find((s) => s.address.toLowerCase() === from);
  const impersonated = !signer && node.dev?.impersonating(from) === true;
  if (!signer && !impersonated) throw serverError(`unknown account ${from}: the node signs only for eth_accounts`);
  const call = callArg(request, 0);
  const wallet = walletOf(node);
  const has = (field: string) => request[field] !== undefined && request[field] !== null;
  // The estimate first: other requests may send while it runs, and the nonce is read after it.
  const gas = has('gas') ? quantityArg(request.gas, 0) : yield* gasFor(ctx, node, request);
  const head = (pendingContext(ctx) ?? ctx).chain;
  const baseFee = head.blocks.at(head.headHeight)!.baseFeePerGas;
  const tip = has('maxPriorityFeePerGas')
    ? bigQuantityArg(request.maxPriorityFeePerGas, 0, 'maxPriorityFeePerGas')
    : AVERAGE_TIP;
  const fees = has('gasPrice')
    ? { gasPrice: bigQuantityArg(request.gasPrice, 0, 'gasPrice') }
    : {
        maxFeePerGas: has('maxFeePerGas')
          ? bigQuantityArg(request.maxFeePerGas, 0, 'maxFeePerGas')
          : 2n * baseFee + tip,
        maxPriorityFeePerGas: tip,
      };
  const raw = signTransaction(
    {
      to: call.to,
      nonce: has('nonce') ? quantityArg(request.nonce, 0) : wallet.nextNonce(from),
      value: call.value,
      gas,
      data: call.data as Hex,
      chainId: ctx.chainId,
      fees,
      accessList: accessListArg(request.accessList),
    },
    signer?.privateKey ?? standInKey(from),
  );
  // A send the executor runs ahead (on an EVM) settles later: wait for it here and hand the same
  // transaction over again (asked again from the start, the request would sign the next nonce).
  return yield* computed(() => submit(ctx, node, raw, impersonated ? from : undefined));
}
