import { NONE, type TokenTransfer } from '../chain/types.js';
import { confirmationsOf } from '../domain/chainStats.js';
import { lazyModules } from '../domain/lazyModules.js';
import { calledOf, cumulativeGasUsed, inputOf, internalGasUsedOf } from '../domain/transactions.js';
import type { EtherscanV2Context } from './envelope.js';

const lower = (ctx: EtherscanV2Context, id: number) => ctx.chain.accounts[id]!.lower;

/** Blocks confirming a transaction, its own counted (one in the head block), as Etherscan and REST v2 count them. */
export const confirmations = (ctx: EtherscanV2Context, height: number): string =>
  String(confirmationsOf(ctx.chain, height, 'rest'));

/** The method a transaction called, as Etherscan names it: `name(type name, …)`; empty when none is known. */
export function functionNameOf(ctx: EtherscanV2Context, index: number): string {
  const called = calledOf(ctx.facts, index);
  return called ? lazyModules.abi.get().methodCallOf(called.call, called.abi) : '';
}

/** The input's first four bytes, with 0x (all of it when shorter), as Etherscan's `methodId`. */
export const methodIdOf = (input: string): string => input.slice(0, 10);

/** A mined transaction as `txlist` lists it: every value a string, keys in Etherscan's order. */
export function transactionItem(ctx: EtherscanV2Context, index: number) {
  const t = ctx.chain.transactions.at(index)!;
  const block = ctx.chain.blocks.at(t.block)!;
  const input = inputOf(ctx.facts, index);
  return {
    blockNumber: String(t.block),
    timeStamp: String(block.timestamp),
    hash: t.hash,
    nonce: String(t.nonce),
    blockHash: block.hash,
    transactionIndex: String(t.position),
    from: lower(ctx, t.fromId),
    to: t.toId === NONE ? '' : lower(ctx, t.toId),
    value: String(t.value),
    gas: String(t.gasLimit),
    gasPrice: String(t.gasPrice),
    isError: t.status === 'ok' ? '0' : '1',
    txreceipt_status: t.status === 'ok' ? '1' : '0',
    input,
    contractAddress: t.createdId === NONE ? '' : lower(ctx, t.createdId),
    cumulativeGasUsed: String(cumulativeGasUsed(ctx.facts, index)),
    gasUsed: String(t.gasUsed),
    confirmations: confirmations(ctx, t.block),
    methodId: methodIdOf(input),
    functionName: functionNameOf(ctx, index),
  };
}

/**
 * An internal transaction as `txlistinternal` lists it. By transaction hash Etherscan leaves out
 * the hash (asked) and `traceId`; `traceId` is the call's place under the top call (the ledger
 * keeps no deeper tree).
 */
export function internalItem(ctx: EtherscanV2Context, row: number, byHash = false) {
  const i = ctx.chain.internalTransactions.at(row)!;
  const t = ctx.chain.transactions.at(i.transaction)!;
  const head = {
    blockNumber: String(i.block),
    timeStamp: String(ctx.chain.blocks.at(i.block)!.timestamp),
    ...(byHash ? {} : { hash: t.hash }),
    from: lower(ctx, i.fromId),
    to: i.toId === NONE ? '' : lower(ctx, i.toId),
    value: String(i.value),
    contractAddress: i.createdId === NONE ? '' : lower(ctx, i.createdId),
    input: '',
    type: i.type,
    gas: String(i.gasLimit),
    gasUsed: String(internalGasUsedOf(i) ?? 0n),
  };
  return {
    ...head,
    ...(byHash ? {} : { traceId: String(i.index - 1) }),
    isError: i.success ? '0' : '1',
    errCode: i.error ?? '',
  };
}

/** The standard a token transfer is listed under: `tokentx` (fungible amounts) or `tokennfttx` / `token1155tx` (ids). */
export function listOf(ctx: EtherscanV2Context, transfer: TokenTransfer): 'tokentx' | 'tokennfttx' | 'token1155tx' {
  const type = ctx.chain.accounts[transfer.tokenId]!.contract!.token!.type;
  if (type === 'ERC-1155') return 'token1155tx';
  if (type === 'ERC-721') return 'tokennfttx';
  // ERC-404: its ERC-20 side is listed as fungible, its id transfers as NFTs.
  return type === 'ERC-404' && transfer.tokenIds ? 'tokennfttx' : 'tokentx';
}

/**
 * A token transfer as `tokentx` and its kin list it: one row per id of an ERC-1155 batch. Each
 * list has its own key order (Etherscan's); `input` is the word `deprecated`, as Etherscan writes it.
 */
export function tokenTransferItems(ctx: EtherscanV2Context, row: number): Record<string, string>[] {
  const transfer = ctx.chain.tokenTransfers.at(row)!;
  const t = ctx.chain.transactions.at(transfer.transaction)!;
  const block = ctx.chain.blocks.at(transfer.block)!;
  const token = ctx.chain.accounts[transfer.tokenId]!.contract!.token!;
  const input = inputOf(ctx.facts, transfer.transaction);
  const at = { blockNumber: String(transfer.block), timeStamp: String(block.timestamp), hash: t.hash };
  const txFields = { nonce: String(t.nonce), blockHash: block.hash };
  const gas = {
    transactionIndex: String(t.position),
    gas: String(t.gasLimit),
    gasPrice: String(t.gasPrice),
    gasUsed: String(t.gasUsed),
    cumulativeGasUsed: String(cumulativeGasUsed(ctx.facts, transfer.transaction)),
    input: 'deprecated',
    methodId: methodIdOf(input),
    functionName: functionNameOf(ctx, transfer.transaction),
  };
  const parties = {
    from: lower(ctx, transfer.fromId),
    contractAddress: lower(ctx, transfer.tokenId),
    to: lower(ctx, transfer.toId),
  };
  const names = { tokenName: token.name, tokenSymbol: token.symbol };
  const tail = { confirmations: confirmations(ctx, transfer.block) };
  switch (listOf(ctx, transfer)) {
    case 'tokentx':
      return [
        {
          ...at,
          ...txFields,
          ...parties,
          value: String(transfer.amounts[0]!),
          ...names,
          tokenDecimal: String(token.decimals),
          ...gas,
          ...tail,
        },
      ];
    case 'tokennfttx':
      return [
        {
          ...at,
          ...txFields,
          ...parties,
          tokenID: String(transfer.tokenIds![0]!),
          ...names,
          tokenDecimal: '0',
          ...gas,
          ...tail,
        },
      ];
    default:
      return transfer.tokenIds!.map((id, k) => ({
        ...at,
        ...txFields,
        ...gas,
        contractAddress: parties.contractAddress,
        from: parties.from,
        to: parties.to,
        tokenID: String(id),
        tokenValue: String(transfer.amounts[k]!),
        ...names,
        ...tail,
      }));
  }
}
