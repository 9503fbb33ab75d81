import { type AccountId, NONE } from '../chain/types.js';
import { isVerified } from '../domain/accounts.js';
import { codeSourceOf, hasCodeNow } from '../domain/delegations.js';
import type { AddressForm } from '../profiles/shapes.js';
import type { Address } from '../schemas/index.js';
import type { Profile } from '../schemas/profile.js';
import { addressRef } from './addressRef.js';
import { cachedJson, type ViewContext } from './context.js';
import { token } from './token.js';

/** The address detail (endpoint 2) in the spec's form. */
function addressForm<P extends Profile>(ctx: ViewContext<P>, id: AccountId): AddressForm<P> {
  const { chain } = ctx;
  const account = chain.accounts[id]!;
  const index = chain.indexes.at(id)!;
  const contract = account.contract;
  const ref = addressRef(ctx, id);
  // A proxy's implementation, or the delegate a delegated account (EIP-7702) runs.
  const implementation = codeSourceOf(ctx.facts, account);
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
    is_contract: hasCodeNow(ctx.facts, account),
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

/** `/addresses/{h}` of an account. */
export const addressJson = (ctx: ViewContext, id: AccountId): string =>
  cachedJson(ctx, `address:${id}`, () => ctx.format.address(addressRef(ctx, id), addressForm(ctx, id)));

/** An item of the address list (endpoint 1): the address, its balance and transaction count. */
export const addressListItemJson = (ctx: ViewContext, id: AccountId): string =>
  cachedJson(ctx, `address-item:${id}`, () =>
    ctx.format.addressListItem(addressRef(ctx, id), {
      ...addressForm(ctx, id),
      coin_balance: String(ctx.chain.accounts[id]!.balance),
      transactions_count: String(ctx.chain.indexes.at(id)!.transactions.length),
    }),
  );

/** The detail of an address the chain has never seen (checksummed `hash`): what the explorer answers for it. */
export const unknownAddressJson = (ctx: ViewContext, hash: string): string =>
  JSON.stringify(ctx.format.unknownAddress(unknownAddressForm(hash, ctx.chain.exchangeRate)));

const unknownAddressForm = (hash: string, exchangeRate: string): Address => ({
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
