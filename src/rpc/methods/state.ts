import { accountIdOf, nonceAt } from '../../domain/accounts.js';
import { balanceAt } from '../../domain/balances.js';
import { codeAt } from '../../domain/contracts.js';
import { storageWrittenAt } from '../../domain/storage.js';
import { type BlockRef, blockArg, minedHeight } from '../blockParam.js';
import { pendingContext, type RpcContext } from '../context.js';
import { arity, type RpcMethod } from '../method.js';
import { addressArg, quantity } from '../quantity.js';
import { invalidParams, serverError } from '../rpcError.js';

/** EIP-1967's slots (keccak256 of the label, minus one): implementation, admin, beacon. */
export const EIP1967_SLOTS = {
  implementation: 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbcn,
  admin: 0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103n,
  beacon: 0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50n,
};

const ZERO_WORD = `0x${'0'.repeat(64)}`;
const word = (address: string) => `0x${address.slice(2).padStart(64, '0')}`;

/** The chain and height a state query reads: a mined height, or the head of the chain one block ahead for `pending`. */
function stateAt(ctx: RpcContext, ref: BlockRef): { ctx: RpcContext; height: number } {
  if ('pending' in ref) {
    const ahead = pendingContext(ctx);
    if (ahead) return { ctx: ahead, height: ahead.chain.headHeight };
  }
  return { ctx, height: minedHeight(ctx, ref) };
}

/** The account argument 0 names, at the block argument `blockIndex` names (`latest` when left out). */
function account(params: readonly unknown[], ctx: RpcContext, blockIndex = 1) {
  const address = addressArg(params[0], 0);
  const at = stateAt(ctx, blockArg(ctx, params[blockIndex], blockIndex));
  return { ...at, id: accountIdOf(at.ctx.chain, address) };
}

/** A storage key as geth reads it: any hex of at most 32 bytes, with or without 0x, leading zeros and odd length allowed. */
function storageKeyArg(value: unknown): bigint {
  if (typeof value !== 'string')
    throw invalidParams('invalid argument 1: json: cannot unmarshal non-string into Go value of type string');
  let hex = /^0[xX]/.test(value) ? value.slice(2) : value;
  if (hex.length % 2) hex = `0${hex}`;
  if (!/^[0-9a-fA-F]*$/.test(hex)) throw serverError('unable to decode storage key: hex string invalid');
  if (hex.length > 64) throw serverError('unable to decode storage key: hex string too long, want at most 32 bytes');
  return hex === '' ? 0n : BigInt(`0x${hex}`);
}

/**
 * `eth_getStorageAt`: what the ledger knows of a slot: what an executed transaction last wrote there
 * (a contract a client deployed), a proxy's EIP-1967 implementation and admin; every other slot
 * reads as zero (the catalogue's contracts keep their state in the ledger, not in slots).
 */
const getStorageAt: RpcMethod = (ctx, params) => {
  arity(params, 2, 3);
  const slot = storageKeyArg(params[1]);
  const { ctx: at, height, id } = account(params, ctx, 2);
  if (id === undefined || codeAt(at.facts, id, height) === '0x') return ZERO_WORD;
  const written = storageWrittenAt(at.facts, id, `0x${slot.toString(16).padStart(64, '0')}`, height);
  if (written !== undefined) return written;
  // An EOA delegated by EIP-7702 has code (its designator) and no contract record.
  const contract = at.chain.accounts[id]!.contract;
  if (contract?.kind !== 'transparent-proxy') return ZERO_WORD;
  if (slot === EIP1967_SLOTS.implementation) return word(at.chain.accounts[contract.implementationId]!.lower);
  if (slot === EIP1967_SLOTS.admin) return word(String(contract.constructorArgs[1]).toLowerCase());
  return ZERO_WORD;
};

export const stateMethods: Record<string, RpcMethod> = {
  eth_getBalance(ctx, params) {
    arity(params, 1, 2);
    const { ctx: at, height, id } = account(params, ctx);
    return quantity(id === undefined ? 0n : balanceAt(at.facts, id, height));
  },
  eth_getTransactionCount(ctx, params, node) {
    arity(params, 1, 2);
    const { ctx: at, height, id } = account(params, ctx);
    const nonce = id === undefined ? 0 : nonceAt(at.facts, id, height);
    // Pending, a sender's transactions waiting for room in a later block count too (the pool's next nonce).
    if (node.wallet && 'pending' in blockArg(ctx, params[1], 1))
      return quantity(Math.max(nonce, node.wallet.nextNonce(addressArg(params[0], 0))));
    return quantity(nonce);
  },
  eth_getCode(ctx, params) {
    arity(params, 1, 2);
    const { ctx: at, height, id } = account(params, ctx);
    return id === undefined ? '0x' : codeAt(at.facts, id, height);
  },
  eth_getStorageAt: getStorageAt,
};
