import type { Address, AddressListItem } from '../schemas/index.js';
import * as blockscout from '../profiles/blockscout.js';
import { type AccountId, NONE } from '../chain/types.js';
import { addressRef, hasCode, implementationOf, isVerified } from './addressRef.js';
import type { ViewContext } from './context.js';
import { token } from './token.js';

/** The full address of the address detail (endpoint 2). */
export function addressView(ctx: ViewContext, id: AccountId): Address {
  const spec = specAddressView(ctx, id);
  return ctx.profile === 'blockscout'
    ? (blockscout.address(addressRef(ctx, id) as never, spec as never) as unknown as Address)
    : spec;
}

function specAddressView(ctx: ViewContext, id: AccountId): Address {
  const { chain } = ctx;
  const account = chain.accounts[id]!;
  const index = chain.indexes.at(id)!;
  const contract = account.contract;
  const ref = addressRef(ctx, id)!;
  const implementation = implementationOf(ctx, account);
  return {
    hash: account.hash,
    // A contract predeployed at genesis has neither.
    creator_address_hash: contract && contract.creatorId !== NONE ? chain.accounts[contract.creatorId]!.hash : null,
    creation_transaction_hash:
      contract && contract.creationTransaction !== NONE
        ? chain.transactions.at(contract.creationTransaction)!.hash
        : null,
    token: contract?.token ? token(ctx, id) : null,
    coin_balance: String(account.balance),
    exchange_rate: chain.exchangeRate,
    implementation_address: implementation?.address ?? null,
    implementation_name: implementation?.name ?? null,
    name: account.name,
    block_number_balance_updated_at: account.balanceUpdatedAt,
    is_contract: hasCode(account),
    is_verified: isVerified(account),
    private_tags: ref.private_tags,
    watchlist_names: ref.watchlist_names,
    public_tags: ref.public_tags,
    has_beacon_chain_withdrawals: index.withdrawals.length > 0,
    has_logs: contract?.hasLogs ?? false,
    has_token_transfers: index.tokenTransfers.length > 0,
    has_tokens: index.holdings.length > 0,
    has_validated_blocks: index.minedBlocks.length > 0,
    creation_status: contract?.creationStatus ?? null,
  };
}

/** An item of the address list (endpoint 1): the full address and its transaction count. */
export const addressListItemView = (ctx: ViewContext, id: AccountId): AddressListItem =>
  ctx.profile === 'blockscout'
    ? (blockscout.addressListItem(addressRef(ctx, id) as never, {
        coin_balance: String(ctx.chain.accounts[id]!.balance),
        transactions_count: String(ctx.chain.indexes.at(id)!.transactions.length),
      }) as unknown as AddressListItem)
    : specAddressListItemView(ctx, id);

const specAddressListItemView = (ctx: ViewContext, id: AccountId): AddressListItem => ({
  ...addressView(ctx, id),
  coin_balance: String(ctx.chain.accounts[id]!.balance),
  transactions_count: String(ctx.chain.indexes.at(id)!.transactions.length),
});

/** The detail of an address the chain has never seen: what the explorer answers for it. */
export const unknownAddressView = (hash: string, exchangeRate: string): Address => ({
  hash,
  creator_address_hash: null,
  creation_transaction_hash: null,
  token: null,
  coin_balance: null,
  exchange_rate: exchangeRate,
  implementation_address: null,
  implementation_name: null,
  name: null,
  block_number_balance_updated_at: null,
  is_contract: false,
  is_verified: false,
  private_tags: [],
  watchlist_names: [],
  public_tags: [],
  has_beacon_chain_withdrawals: false,
  has_logs: false,
  has_token_transfers: false,
  has_tokens: false,
  has_validated_blocks: false,
  creation_status: null,
});
