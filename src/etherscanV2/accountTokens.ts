import { tokenBalanceAt } from '../domain/tokenState.js';
import { transfersOfToken } from '../domain/tokens.js';
import { accountAt, addressParam, heightOfTag } from './accountParams.js';
import { type Action, type EtherscanV2Context, listed, noneFound, notOk, ok, type Params } from './envelope.js';
import { listOf, tokenTransferItems } from './items.js';
import { pageOfUnits } from './lists.js';
import { addressOf, integerOf, listOptions } from './params.js';
import { TEXTS } from './texts.js';

/** `tokentx`, `tokennfttx`, `token1155tx`: the transfers of one list, of an address and/or a token contract. */
const tokenTransfers =
  (list: 'tokentx' | 'tokennfttx' | 'token1155tx'): Action =>
  (ctx, params) => {
    const o = listOptions(params, ctx.chain.headHeight);
    if (o.windowTooLarge) return notOk(TEXTS.window);
    const hasAddress = params.has('address');
    const hasContract = params.has('contractaddress');
    const address = hasAddress ? addressOf(params.get('address')) : undefined;
    const contract = hasContract ? addressOf(params.get('contractaddress')) : undefined;
    if ((hasAddress && !address) || (hasContract && !contract) || (!address && !contract))
      return notOk(TEXTS.invalidAddress);
    const holder = address === undefined ? undefined : accountAt(ctx, address);
    const token = contract === undefined ? undefined : accountAt(ctx, contract);
    if ((address && holder === undefined) || (contract && token === undefined)) return noneFound(TEXTS.noTransactions);
    if (token !== undefined && !ctx.chain.accounts[token]!.contract?.token) return noneFound(TEXTS.noTransactions);
    const source =
      holder !== undefined ? ctx.chain.indexes.at(holder)!.tokenTransfers : transfersOfToken(ctx.facts, token!);
    const rows: number[] = [];
    for (const r of source) {
      const transfer = ctx.chain.tokenTransfers.at(r)!;
      if ((token === undefined || transfer.tokenId === token) && listOf(ctx, transfer) === list) rows.push(r);
    }
    const page = pageOfUnits(
      ctx,
      rows,
      (r) => ctx.chain.tokenTransfers.at(r)!.block,
      (r) => (list === 'token1155tx' ? ctx.chain.tokenTransfers.at(r)!.tokenIds!.length : 1),
      o,
    );
    return listed(page.map(({ row, unit }) => tokenTransferItems(ctx, row)[unit]!));
  };

/** `tokenbalance` (at a `tag`), and `tokenbalancehistory` (at `blockno`): a holder's balance of a token, `0` for no token. */
const tokenBalance =
  (historic: boolean): Action =>
  (ctx, params) => {
    const contract = addressOf(params.get('contractaddress'));
    const address = addressOf(params.get('address'));
    if (!contract || !address) return notOk(TEXTS.invalidAddress);
    const blockno = integerOf(params.get('blockno'));
    const height = historic
      ? blockno === undefined
        ? undefined
        : Math.min(blockno, ctx.chain.headHeight)
      : heightOfTag(ctx, params.get('tag'));
    if (height === undefined) return notOk(historic ? 'Error! Invalid blockno' : 'Error! Invalid tag');
    const token = accountAt(ctx, contract);
    const holder = accountAt(ctx, address);
    if (token === undefined || holder === undefined || !ctx.chain.accounts[token]!.contract?.token) return ok('0');
    return ok(String(tokenBalanceAt(ctx.facts, token, holder, height)));
  };

/** An address's token holdings of the standards asked, one page (`offset` defaults to 100 here), in the explorer's order. */
function holdings(ctx: EtherscanV2Context, params: Params, types: readonly string[]) {
  const o = listOptions(params, ctx.chain.headHeight);
  if (o.windowTooLarge) return { error: notOk(TEXTS.window) };
  const address = addressParam(params);
  if (typeof address !== 'string') return { error: address };
  const id = accountAt(ctx, address);
  const all = (id === undefined ? [] : ctx.chain.indexes.at(id)!.holdings).filter(
    (h) => h.value > 0n && types.includes(ctx.chain.accounts[h.tokenId]!.contract!.token!.type),
  );
  const size = params.has('offset') ? o.offset : 100;
  return { page: all.slice((o.page - 1) * size, o.page * size) };
}

const addresstokenbalance: Action = (ctx, params) => {
  const found = holdings(ctx, params, ['ERC-20', 'ERC-404']);
  if ('error' in found) return found.error;
  return ok(
    found.page.map((h) => {
      const account = ctx.chain.accounts[h.tokenId]!;
      const token = account.contract!.token!;
      return {
        TokenAddress: account.lower,
        TokenName: token.name,
        TokenSymbol: token.symbol,
        TokenQuantity: String(h.value),
        TokenDivisor: String(token.decimals),
      };
    }),
  );
};

const addresstokennftbalance: Action = (ctx, params) => {
  const found = holdings(ctx, params, ['ERC-721']);
  if ('error' in found) return found.error;
  return ok(
    found.page.map((h) => {
      const account = ctx.chain.accounts[h.tokenId]!;
      const token = account.contract!.token!;
      return {
        TokenAddress: account.lower,
        TokenName: token.name,
        TokenSymbol: token.symbol,
        TokenQuantity: String(h.value),
      };
    }),
  );
};

export const accountTokenActions: Readonly<Record<string, Action>> = {
  tokentx: tokenTransfers('tokentx'),
  tokennfttx: tokenTransfers('tokennfttx'),
  token1155tx: tokenTransfers('token1155tx'),
  tokenbalance: tokenBalance(false),
  tokenbalancehistory: tokenBalance(true),
  addresstokenbalance,
  addresstokennftbalance,
};
