import { confirmationsOf } from '../domain/chainStats.js';
import { NONE, type TokenTransfer } from '../chain/types.js';
import { lazyModules } from '../domain/lazyModules.js';
import { calledOf, cumulativeGasUsed, inputOf } from '../domain/transactions.js';
import { type EtherscanContext, sorted } from './envelope.js';
import { tokenFields } from './tokenFields.js';

const lower = (ctx: EtherscanContext, id: number) => ctx.chain.accounts[id]!.lower;
const confirmations = (ctx: EtherscanContext, height: number) =>
  String(confirmationsOf(ctx.chain, height, 'etherscan'));

/** A mined transaction as `txlist` lists it (every value a string; keys in the explorer's wire order). */
export function transactionItem(ctx: EtherscanContext, index: number) {
  const t = ctx.chain.transactions.at(index)!;
  const block = ctx.chain.blocks.at(t.block)!;
  const input = inputOf(ctx.facts, index);
  const creation = t.toId === NONE;
  return sorted({
    blockNumber: String(t.block),
    timeStamp: String(block.timestamp),
    hash: t.hash,
    nonce: String(t.nonce),
    blockHash: block.hash,
    transactionIndex: String(t.position),
    from: lower(ctx, t.fromId),
    to: creation ? '' : lower(ctx, t.toId),
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
    methodId: !creation && input.length >= 10 ? input.slice(0, 10) : '0x',
  });
}

/** An internal transaction as `txlistinternal` lists it. */
export function internalItem(ctx: EtherscanContext, row: number) {
  const i = ctx.chain.internalTransactions.at(row)!;
  const t = ctx.chain.transactions.at(i.transaction)!;
  const creates = i.type === 'create' || i.type === 'create2';
  const call = i.type === 'call' || i.type === 'delegatecall' || i.type === 'staticcall';
  return sorted({
    blockNumber: String(i.block),
    timeStamp: String(ctx.chain.blocks.at(i.block)!.timestamp),
    from: lower(ctx, i.fromId),
    to: i.toId === NONE ? '' : lower(ctx, i.toId),
    value: String(i.value),
    contractAddress: i.createdId === NONE ? '' : lower(ctx, i.createdId),
    transactionHash: t.hash,
    index: String(i.index),
    input: creates ? '' : '0x',
    type: call ? 'call' : i.type,
    callType: call ? i.type : '',
    gas: String(i.gasLimit),
    gasUsed: '',
    isError: i.success ? '0' : '1',
    errCode: i.error ?? '',
  });
}

/** The method a transaction called, as the token-transfer lists show it: `name(type name, …)` and its selector without 0x. */
function methodOf(ctx: EtherscanContext, index: number): { functionName: string; methodId: string } {
  const called = calledOf(ctx.facts, index);
  if (!called) return { functionName: '', methodId: '' };
  const decoded = lazyModules.abi.get().decodedInputView(called.call, called.abi);
  return { functionName: decoded.method_call, methodId: decoded.method_id.replace(/^0x/, '') };
}

/**
 * A token transfer log as `tokentx` and its kin list it: one row per id of an ERC-1155 batch. The
 * standard's own fields (the explorer writes them first) lead.
 */
export function tokenTransferItems(ctx: EtherscanContext, row: number): Record<string, unknown>[] {
  const transfer: TokenTransfer = ctx.chain.tokenTransfers.at(row)!;
  const t = ctx.chain.transactions.at(transfer.transaction)!;
  const block = ctx.chain.blocks.at(transfer.block)!;
  const token = ctx.chain.accounts[transfer.tokenId]!.contract!.token!;
  const fields = tokenFields(ctx.facts, transfer.tokenId);
  const common = {
    blockNumber: String(transfer.block),
    timeStamp: String(block.timestamp),
    hash: t.hash,
    nonce: String(t.nonce),
    blockHash: block.hash,
    from: lower(ctx, transfer.fromId),
    contractAddress: lower(ctx, transfer.tokenId),
    to: lower(ctx, transfer.toId),
    tokenName: fields.name,
    tokenSymbol: fields.symbol,
    tokenDecimal: fields.decimals,
    transactionIndex: String(t.position),
    gas: String(t.gasLimit),
    gasPrice: String(t.gasPrice),
    gasUsed: String(t.gasUsed),
    cumulativeGasUsed: String(cumulativeGasUsed(ctx.facts, transfer.transaction)),
    input: inputOf(ctx.facts, transfer.transaction),
    confirmations: confirmations(ctx, transfer.block),
    ...methodOf(ctx, transfer.transaction),
  };
  switch (token.type) {
    case 'ERC-20':
      return [sorted({ ...common, value: String(transfer.amounts[0]!) }, ['value'])];
    case 'ERC-721':
      return [sorted({ ...common, tokenID: String(transfer.tokenIds![0]!) }, ['tokenID'])];
    case 'ERC-404':
      return [
        sorted(
          {
            ...common,
            tokenID: transfer.tokenIds ? String(transfer.tokenIds[0]!) : '',
            value: String(transfer.amounts[0] ?? ''),
          },
          ['tokenID', 'value'],
        ),
      ];
    default:
      return transfer.tokenIds!.map((id, k) =>
        sorted({ ...common, tokenID: String(id), tokenValue: String(transfer.amounts[k]!) }, ['tokenID', 'tokenValue']),
      );
  }
}
