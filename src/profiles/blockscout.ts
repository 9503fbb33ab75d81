/**
 * The Blockscout profile: how Blockscout v11 answers where the seed spec says otherwise. Every
 * function takes a resource in the spec's form and gives Blockscout's, typed by the Blockscout
 * schemas (`src/schemas/blockscout/`), so this file is the one place that says how the two
 * profiles differ; `DIFFERENCES` lists each difference with the Blockscout source it comes from
 * (tag v11.2.7), and a test holds the table to what the two profiles answer.
 */
import type { Abi } from 'abitype';
import { implementationOf, isVerified, proxyKindOf } from '../domain/accounts.js';
import { delegatedCodeAt, delegateOf } from '../domain/delegations.js';
import { revertData } from '../domain/revertData.js';
import type { Facts } from '../domain/facts.js';
import { type Account, type Block, NONE, type TokenType } from '../chain/types.js';
import type * as S from '../schemas/index.js';
import type { BlockExtras, ProfileFormat, TransactionExtras } from './profileFormat.js';
import type { Shape } from './shapes.js';
import { pendingFields } from './spec.js';

const SCHEMAS = 'apps/block_scout_web/lib/block_scout_web/schemas/api/v2';
const VIEWS = 'apps/block_scout_web/lib/block_scout_web/views/api/v2';

/** One field that Blockscout answers differently, and the source file that says so. */
export interface Difference {
  readonly resource: string;
  readonly field: string;
  readonly blockscout: string;
  readonly source: string;
}

// biome-ignore format: one difference per line
export const DIFFERENCES: readonly Difference[] = [
  { resource: 'address reference', field: 'implementation_name', blockscout: 'removed: implementations and proxy_type instead', source: `${SCHEMAS}/address.ex` },
  { resource: 'address reference', field: 'implementations', blockscout: 'added: [{address_hash, name}] of a proxy', source: `${SCHEMAS}/address.ex` },
  { resource: 'address reference', field: 'proxy_type', blockscout: 'added: eip1967, eip1167, eip7702 (a delegated EOA) or null', source: `${SCHEMAS}/address.ex` },
  { resource: 'address reference', field: 'is_verified', blockscout: 'a delegated EOA\'s is its delegate\'s (verified_as_proxy? for eip7702)', source: `${VIEWS}/helper.ex` },
  { resource: 'address reference', field: 'metadata', blockscout: '{tags: [tag]} or null (the spec: one tag\'s keys, absent when none)', source: `${SCHEMAS}/proxy/metadata.ex` },
  { resource: 'address reference', field: 'is_scam', blockscout: 'added: false', source: `${SCHEMAS}/address.ex` },
  { resource: 'address reference', field: 'reputation', blockscout: 'added: "ok"', source: `${SCHEMAS}/address.ex` },
  { resource: 'address', field: 'implementation_address', blockscout: 'removed: implementations and proxy_type instead', source: `${SCHEMAS}/address/response.ex` },
  { resource: 'address', field: 'implementation_name', blockscout: 'removed: implementations and proxy_type instead', source: `${SCHEMAS}/address/response.ex` },
  { resource: 'address', field: 'implementations', blockscout: 'added, as in the reference', source: `${SCHEMAS}/address/response.ex` },
  { resource: 'address', field: 'proxy_type', blockscout: 'added, as in the reference', source: `${SCHEMAS}/address/response.ex` },
  { resource: 'address', field: 'is_verified', blockscout: 'as in the reference', source: `${SCHEMAS}/address/response.ex` },
  { resource: 'address', field: 'metadata', blockscout: 'as in the reference', source: `${SCHEMAS}/address/response.ex` },
  { resource: 'address', field: 'is_scam', blockscout: 'added: false', source: `${SCHEMAS}/address/response.ex` },
  { resource: 'address', field: 'reputation', blockscout: 'added: "ok"', source: `${SCHEMAS}/address/response.ex` },
  { resource: 'address', field: 'ens_domain_name', blockscout: 'added, as in the reference', source: `${SCHEMAS}/address/response.ex` },
  { resource: 'address', field: 'watchlist_address_id', blockscout: 'added: null', source: `${SCHEMAS}/address/response.ex` },
  { resource: 'address list item', field: 'creator_address_hash', blockscout: 'removed: an item is the reference form, coin_balance and transactions_count', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'creation_transaction_hash', blockscout: 'removed: an item is the reference form, coin_balance and transactions_count', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'token', blockscout: 'removed: an item is the reference form, coin_balance and transactions_count', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'exchange_rate', blockscout: 'removed: an item is the reference form, coin_balance and transactions_count', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'implementation_address', blockscout: 'removed: an item is the reference form, coin_balance and transactions_count', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'implementation_name', blockscout: 'removed: an item is the reference form, coin_balance and transactions_count', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'block_number_balance_updated_at', blockscout: 'removed: an item is the reference form, coin_balance and transactions_count', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'has_beacon_chain_withdrawals', blockscout: 'removed: an item is the reference form, coin_balance and transactions_count', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'has_logs', blockscout: 'removed: an item is the reference form, coin_balance and transactions_count', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'has_token_transfers', blockscout: 'removed: an item is the reference form, coin_balance and transactions_count', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'has_tokens', blockscout: 'removed: an item is the reference form, coin_balance and transactions_count', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'has_validated_blocks', blockscout: 'removed: an item is the reference form, coin_balance and transactions_count', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'creation_status', blockscout: 'removed: an item is the reference form, coin_balance and transactions_count', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'implementations', blockscout: 'added, as in the reference', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'proxy_type', blockscout: 'added, as in the reference', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'is_verified', blockscout: 'as in the reference', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'metadata', blockscout: 'as in the reference', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'is_scam', blockscout: 'added: false', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'reputation', blockscout: 'added: "ok"', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'address list item', field: 'ens_domain_name', blockscout: 'added, as in the reference', source: `${SCHEMAS}/address/top_address.ex` },
  { resource: 'transaction', field: 'gas_limit', blockscout: 'an integer string', source: `${SCHEMAS}/transaction.ex` },
  { resource: 'transaction', field: 'revert_reason', blockscout: '{raw: "0x…"} in lists, decoded Error(string) in the detail', source: `${VIEWS}/transaction_view.ex` },
  { resource: 'transaction', field: 'token_transfers', blockscout: 'null in lists (and token_transfers_overflow null)', source: `${VIEWS}/transaction_view.ex` },
  { resource: 'transaction', field: 'token_transfers_overflow', blockscout: 'null in lists', source: `${VIEWS}/transaction_view.ex` },
  { resource: 'transaction', field: 'transaction_tag', blockscout: 'null in lists', source: `${VIEWS}/transaction_view.ex` },
  { resource: 'transaction', field: 'actions', blockscout: 'removed (not emitted by default)', source: `${VIEWS}/transaction_view.ex` },
  { resource: 'transaction', field: 'decoded_input', blockscout: 'method_id without 0x', source: `${SCHEMAS}/general/decoded_input.ex` },
  { resource: 'transaction', field: 'method', blockscout: 'an undecoded call to code named by its selector ("0x…"), not null', source: 'apps/explorer/lib/explorer/chain/transaction.ex' },
  { resource: 'transaction', field: 'authorization_list', blockscout: 'added: a set-code transaction\'s authorizations (EIP-7702: address_hash, authority, chain_id, nonce, r, s, v, status), [] for other types', source: `${VIEWS}/transaction_view.ex` },
  { resource: 'transaction', field: 'transaction_types', blockscout: 'set_code_transaction added for type 4, blob_transaction for type 3 (the spec\'s values lack them)', source: `${VIEWS}/transaction_view.ex` },
  { resource: 'transaction', field: 'historic_exchange_rate', blockscout: 'added: null', source: `${SCHEMAS}/transaction.ex` },
  { resource: 'transaction', field: 'is_pending_update', blockscout: 'added: false (null while pending)', source: `${SCHEMAS}/transaction.ex` },
  { resource: 'transaction', field: 'fhe_operations_count', blockscout: 'added: 0', source: `${SCHEMAS}/transaction.ex` },
  { resource: 'transaction', field: 'blob_versioned_hashes', blockscout: 'added on a blob transaction (EIP-4844, type 3): its blobs\' versioned hashes', source: `${VIEWS}/ethereum_view.ex` },
  { resource: 'transaction', field: 'max_fee_per_blob_gas', blockscout: 'added on a blob transaction: its blob fee cap', source: `${VIEWS}/ethereum_view.ex` },
  { resource: 'transaction', field: 'blob_gas_used', blockscout: 'added on a blob transaction: 131,072 a blob', source: `${VIEWS}/ethereum_view.ex` },
  { resource: 'transaction', field: 'blob_gas_price', blockscout: 'added on a blob transaction: its block\'s blob base fee', source: `${VIEWS}/ethereum_view.ex` },
  { resource: 'transaction', field: 'burnt_blob_fee', blockscout: 'added on a blob transaction: blob gas used × blob gas price', source: `${VIEWS}/ethereum_view.ex` },
  { resource: 'token transfer', field: 'total', blockscout: 'by token type: {value, decimals}, {token_id, token_instance}, or all four', source: 'apps/explorer/lib/explorer/chain/token_transfer.ex' },
  { resource: 'token transfer', field: 'block_number', blockscout: 'added', source: `${SCHEMAS}/token_transfer.ex` },
  { resource: 'token transfer', field: 'token_type', blockscout: 'added', source: `${SCHEMAS}/token_transfer.ex` },
  { resource: 'token transfer', field: 'method', blockscout: 'an undecoded transaction named by its input\'s selector ("0x…", a creation\'s too: no check of the callee), not null', source: 'apps/explorer/lib/explorer/chain/transaction.ex' },
  { resource: 'token', field: 'volume_24h', blockscout: 'added: null', source: `${SCHEMAS}/token.ex` },
  { resource: 'token', field: 'circulating_supply', blockscout: 'added: null', source: `${SCHEMAS}/token.ex` },
  { resource: 'token', field: 'reputation', blockscout: 'added: "ok"', source: `${SCHEMAS}/token.ex` },
  { resource: 'token', field: 'name', blockscout: 'null where the token\'s own code does not answer name() (the spec\'s "")', source: 'apps/explorer/lib/explorer/token/metadata_retriever.ex' },
  { resource: 'token', field: 'symbol', blockscout: 'null where the token\'s own code does not answer symbol() (the spec\'s "")', source: 'apps/explorer/lib/explorer/token/metadata_retriever.ex' },
  { resource: 'token', field: 'exchange_rate', blockscout: 'null for a token of code of its own, which no market prices (the spec\'s "0")', source: `${SCHEMAS}/token.ex` },
  { resource: 'token', field: 'circulating_market_cap', blockscout: 'null for a token of code of its own, which no market prices (the spec\'s "0")', source: `${SCHEMAS}/token.ex` },
  { resource: 'token', field: 'decimals', blockscout: 'null where the token\'s code does not answer decimals(): its own code\'s, or a generated ERC-721 or ERC-1155, whose kind has none (the spec\'s "18", "0" for an NFT; a transfer\'s total.decimals follows)', source: 'apps/explorer/lib/explorer/token/metadata_retriever.ex' },
  { resource: 'token instance', field: 'holder_address_hash', blockscout: 'removed (owner only)', source: `${SCHEMAS}/token_instance.ex` },
  { resource: 'token instance', field: 'thumbnails', blockscout: 'added: null', source: `${SCHEMAS}/token_instance.ex` },
  { resource: 'token instance', field: 'media_type', blockscout: 'added: null', source: `${SCHEMAS}/token_instance.ex` },
  { resource: 'token instance', field: 'media_url', blockscout: 'added: the image (or animation) URL', source: `${SCHEMAS}/token_instance.ex` },
  { resource: 'block', field: 'extra_data', blockscout: 'removed (commented out in the view; not in the schema)', source: `${VIEWS}/block_view.ex` },
  { resource: 'block', field: 'state_root', blockscout: 'removed (commented out in the view; not in the schema)', source: `${VIEWS}/block_view.ex` },
  { resource: 'block', field: 'uncles_hashes', blockscout: '[{hash}] in the detail, [] in lists', source: `${VIEWS}/block_view.ex` },
  { resource: 'block', field: 'rewards', blockscout: 'reward a string; list types emission_funds/uncle/validator', source: `${VIEWS}/block_view.ex` },
  { resource: 'block', field: 'withdrawals_count', blockscout: 'null in lists', source: `${SCHEMAS}/block.ex` },
  { resource: 'block', field: 'internal_transactions_count', blockscout: 'added (null in lists)', source: `${SCHEMAS}/block.ex` },
  { resource: 'block', field: 'is_pending_update', blockscout: 'added: false', source: `${SCHEMAS}/block.ex` },
  { resource: 'block', field: 'blob_transactions_count', blockscout: 'added where the chain has blobs (EIP-4844): its blob transactions', source: `${VIEWS}/ethereum_view.ex` },
  { resource: 'block', field: 'blob_gas_used', blockscout: 'added where the chain has blobs: the header\'s blob gas used, a string', source: `${VIEWS}/ethereum_view.ex` },
  { resource: 'block', field: 'excess_blob_gas', blockscout: 'added where the chain has blobs: the header\'s excess blob gas, a string', source: `${VIEWS}/ethereum_view.ex` },
  { resource: 'block', field: 'blob_gas_price', blockscout: 'added in the detail where the chain has blobs: its blob transactions\' blob gas price, null without any', source: `${VIEWS}/ethereum_view.ex` },
  { resource: 'block', field: 'burnt_blob_fees', blockscout: 'added in the detail where the chain has blobs: blob gas used × blob gas price', source: `${VIEWS}/ethereum_view.ex` },
  { resource: 'block', field: 'beacon_deposits_count', blockscout: 'added where the chain is an Ethereum explorer\'s (it has blobs): the detail\'s beacon deposits (EIP-6110), null in lists', source: `${VIEWS}/ethereum_view.ex` },
  { resource: 'block withdrawal', field: 'block_number', blockscout: 'removed: a block’s list shows index, validator, receiver and amount', source: `${VIEWS}/withdrawal_view.ex` },
  { resource: 'block withdrawal', field: 'timestamp', blockscout: 'removed, as block_number', source: `${VIEWS}/withdrawal_view.ex` },
  { resource: 'internal transaction', field: 'transaction_index', blockscout: 'added', source: `${SCHEMAS}/internal_transaction.ex` },
  { resource: 'smart contract', field: 'abi', blockscout: 'an array of ABI objects', source: `${SCHEMAS}/smart_contract.ex` },
  { resource: 'smart contract', field: 'optimizations_runs', blockscout: 'optimization_runs', source: `${SCHEMAS}/smart_contract.ex` },
  { resource: 'smart contract', field: 'optimization_runs', blockscout: 'the spec’s optimizations_runs', source: `${SCHEMAS}/smart_contract.ex` },
  { resource: 'smart contract', field: 'is_verified_via_registry', blockscout: 'is_verified_via_sourcify', source: `${VIEWS}/smart_contract_view.ex` },
  { resource: 'smart contract', field: 'is_verified_via_sourcify', blockscout: 'the spec’s is_verified_via_registry', source: `${VIEWS}/smart_contract_view.ex` },
  { resource: 'smart contract', field: 'sourcify_repo_url', blockscout: 'the spec’s registry_repo_url', source: `${VIEWS}/smart_contract_view.ex` },
  { resource: 'smart contract', field: 'can_be_visualized_via_sol2uml', blockscout: 'the spec’s can_be_visualized_via_diagram_tool', source: `${VIEWS}/smart_contract_view.ex` },
  { resource: 'smart contract', field: 'is_verified', blockscout: 'absent on an unverified contract (its six required keys only)', source: `${SCHEMAS}/smart_contract.ex` },
  { resource: 'smart contract', field: 'registry_repo_url', blockscout: 'sourcify_repo_url', source: `${VIEWS}/smart_contract_view.ex` },
  { resource: 'smart contract', field: 'can_be_visualized_via_diagram_tool', blockscout: 'can_be_visualized_via_sol2uml', source: `${VIEWS}/smart_contract_view.ex` },
  { resource: 'smart contract', field: 'minimal_proxy_address_hash', blockscout: 'removed: proxy_type eip1167 and implementations', source: `${SCHEMAS}/smart_contract.ex` },
  { resource: 'smart contract', field: 'proxy_type', blockscout: 'added', source: `${SCHEMAS}/smart_contract.ex` },
  { resource: 'smart contract', field: 'implementations', blockscout: 'added', source: `${SCHEMAS}/smart_contract.ex` },
  { resource: 'smart contract', field: 'conflicting_implementations', blockscout: 'added: null', source: `${SCHEMAS}/smart_contract.ex` },
  { resource: 'smart contract', field: 'creation_bytecode', blockscout: 'null for a contract predeployed at genesis', source: `${VIEWS}/smart_contract_view.ex` },
  { resource: 'smart contract', field: 'is_verified_via_verifier_alliance', blockscout: 'added: false', source: `${SCHEMAS}/smart_contract.ex` },
  { resource: 'smart contract', field: 'license_type', blockscout: 'added: "mit"', source: `${SCHEMAS}/smart_contract.ex` },
  { resource: 'smart contract', field: 'certified', blockscout: 'added: false', source: `${SCHEMAS}/smart_contract.ex` },
  { resource: 'smart contract', field: 'is_blueprint', blockscout: 'added: false', source: `${SCHEMAS}/smart_contract.ex` },
  { resource: 'advanced filter item', field: 'total', blockscout: 'a token transfer row\'s total as the token transfer\'s: by token type', source: `${VIEWS}/advanced_filter_view.ex` },
  { resource: 'advanced filter item', field: 'method', blockscout: 'an undecoded call named by its selector, as the transaction\'s or the token transfer\'s method', source: `${VIEWS}/advanced_filter_view.ex` },
  { resource: 'errors', field: 'message', blockscout: '422 bodies are {errors: [...]} only', source: 'open_api_spex JsonRenderErrorV2 (json_render_error_v2: true in every v2 controller)' },
];

type Ref = Shape<'blockscout', 'addressRef'>;

/**
 * The proxy facts every Blockscout address and contract carries: a proxy's implementation, or the
 * code a delegated account runs (EIP-7702: `eip7702`, the delegate as its implementation).
 */
function proxyOf(facts: Facts, account: Account) {
  const delegate = account.contract ? null : delegateOf(facts, account.id);
  if (delegate !== null) {
    const code = facts.chain.accounts[delegate]!;
    return {
      proxy_type: 'eip7702' as const,
      implementations: [{ address_hash: code.hash, name: code.contract?.name ?? null }],
    };
  }
  const implementation = implementationOf(facts.chain, account);
  return {
    proxy_type: proxyKindOf(account),
    implementations: implementation ? [{ address_hash: implementation.address, name: implementation.name }] : [],
  };
}

/** A delegated account (EIP-7702) counts as verified when its delegate is (`verified_as_proxy?` of eip7702); undefined for any other. */
function delegatedVerified(facts: Facts, account: Account): boolean | undefined {
  const delegate = account.contract ? null : delegateOf(facts, account.id);
  return delegate === null ? undefined : isVerified(facts.chain.accounts[delegate]!);
}

const stripSelectorPrefix = (decoded: S.DecodedInput | null) =>
  decoded && { ...decoded, method_id: decoded.method_id.replace(/^0x/, '') };

/** The reference's fields again, in the reference's order, after the detail's. */
const refFields = (ref: Ref) => ({
  hash: ref.hash,
  is_contract: ref.is_contract,
  name: ref.name,
  is_scam: ref.is_scam,
  reputation: ref.reputation,
  proxy_type: ref.proxy_type,
  implementations: ref.implementations,
  is_verified: ref.is_verified,
  ens_domain_name: ref.ens_domain_name,
  metadata: ref.metadata,
  private_tags: ref.private_tags,
  watchlist_names: ref.watchlist_names,
  public_tags: ref.public_tags,
});

/** The address detail: the reference's fields, then the detail's. */
function address(
  ref: Ref,
  form: Omit<S.Address, 'token'> & { token: Shape<'blockscout', 'token'> | null },
): Shape<'blockscout', 'address'> {
  const {
    implementation_address: _a,
    implementation_name: _n,
    private_tags: _p,
    watchlist_names: _w,
    public_tags: _t,
    is_contract: _c,
    is_verified: _v,
    name: _m,
    hash: _h,
    ...detail
  } = form;
  return { ...ref, ...detail, ...refFields(ref), watchlist_address_id: null };
}

function transactionFields(
  form: Parameters<ProfileFormat<'blockscout'>['transactionItem']>[0],
  extras: TransactionExtras,
) {
  const { actions: _actions, ...rest } = form;
  // The explorer adds its type's own kinds after the others (`transaction_view.ex` transaction_types).
  return { ...rest, transaction_types: [...rest.transaction_types, ...extras.typeKinds] };
}

/** A set-code transaction's authorizations as `prepare_signed_authorization` renders them: integers as strings but the chain id and v. */
const authorizationList = (extras: TransactionExtras) =>
  extras.authorizations.map((a) => ({
    address_hash: a.address,
    chain_id: a.chainId,
    nonce: String(a.nonce),
    r: String(a.r),
    s: String(a.s),
    v: a.yParity,
    authority: a.authority,
    status: a.status,
  }));

const LIST_REWARD_TYPES: Record<string, 'validator' | 'uncle' | 'emission_funds'> = {
  'Miner Reward': 'validator',
  'Uncle Reward': 'uncle',
  'Emission Reward': 'emission_funds',
};

/** The blob fields an Ethereum explorer adds to every block (`ethereum_view.ex` extend_block_json_response). */
const blockBlobFields = (block: Block, extras: BlockExtras) =>
  extras.blobs
    ? {
        blob_transactions_count: extras.blobs.transactions,
        blob_gas_used: String(block.blobGasUsed),
        excess_blob_gas: String(block.excessBlobGas),
      }
    : {};

/** A blob transaction's fields as `ethereum_view.ex` adds them (extend_transaction_json_response); none on other types. */
const transactionBlobFields = (extras: TransactionExtras) =>
  extras.blobs
    ? {
        max_fee_per_blob_gas: String(extras.blobs.maxFeePerBlobGas),
        blob_versioned_hashes: [...extras.blobs.versionedHashes],
        blob_gas_used: String(extras.blobs.blobGasUsed),
        blob_gas_price: String(extras.blobs.blobGasPrice),
        burnt_blob_fee: String(extras.blobs.burntBlobFee),
      }
    : {};

const blockFields = (form: Parameters<ProfileFormat<'blockscout'>['blockItem']>[0]) => {
  const { extra_data: _e, state_root: _s, ...rest } = form;
  return rest;
};

function tokenTotal(
  form: { total: S.TokenTransfer['total']; token: { decimals: string | null } },
  value: string,
  tokenId: string | null,
  type: TokenType,
  instanceOf: () => Shape<'blockscout', 'tokenInstance'> | null,
) {
  // The token's decimals as the explorer stores them: null where its code does not answer decimals().
  const decimals = form.token.decimals === null ? null : form.total.decimals;
  const instance = type === 'ERC-20' ? null : instanceOf();
  return type === 'ERC-20'
    ? { decimals, value }
    : type === 'ERC-721'
      ? { token_id: tokenId, token_instance: instance }
      : { token_id: tokenId, value, decimals, token_instance: instance };
}

function smartContract(
  facts: Facts,
  account: Account,
  form: S.SmartContract,
  abi: Abi | null,
): Shape<'blockscout', 'smartContract'> {
  const proxy = { ...proxyOf(facts, account), conflicting_implementations: null };
  // A contract predeployed at genesis was never created by a transaction: Blockscout has no creation code for it.
  const genesis = account.contract!.creationTransaction === NONE;
  if (!('abi' in form)) {
    return {
      ...proxy,
      deployed_bytecode: form.deployed_bytecode,
      creation_bytecode: genesis ? null : form.creation_bytecode,
      creation_status: form.creation_status,
    };
  }
  const {
    abi: _abi,
    optimizations_runs,
    is_verified_via_registry,
    registry_repo_url,
    can_be_visualized_via_diagram_tool,
    minimal_proxy_address_hash: _m,
    ...rest
  } = form;
  return {
    ...rest,
    ...proxy,
    ...(genesis ? { creation_bytecode: null } : {}),
    abi: abi ? [...abi] : [],
    optimization_runs: optimizations_runs,
    is_verified_via_sourcify: is_verified_via_registry,
    sourcify_repo_url: registry_repo_url,
    can_be_visualized_via_sol2uml: can_be_visualized_via_diagram_tool,
    is_verified_via_verifier_alliance: false,
    license_type: 'mit',
    certified: false,
    is_blueprint: false,
  };
}

/**
 * A delegated EOA's contract record: Blockscout finds any address with code
 * (`Address.find_contract_address`), the designator too, and with no smart contract and no
 * creation transaction answers the proxy facts and its code alone (`smart_contract_view.ex`).
 */
function delegatedSmartContract(facts: Facts, account: Account): Shape<'blockscout', 'smartContract'> | null {
  const code = delegatedCodeAt(facts, account.id, facts.chain.headHeight);
  if (account.contract || code === null) return null;
  return {
    ...proxyOf(facts, account),
    conflicting_implementations: null,
    deployed_bytecode: code,
    creation_bytecode: null,
    creation_status: 'success',
  };
}

function tokenInstance<
  F extends { holder_address_hash: string; image_url: string | null; animation_url: string | null },
>(form: F) {
  const { holder_address_hash: _h, ...rest } = form;
  return { ...rest, thumbnails: null, media_type: null, media_url: form.image_url ?? form.animation_url ?? null };
}

export const blockscoutFormat: ProfileFormat<'blockscout'> = {
  profile: 'blockscout',
  addressRef: (facts, account, form) => ({
    hash: form.hash,
    is_contract: form.is_contract,
    name: form.name,
    is_scam: false,
    reputation: 'ok',
    ...proxyOf(facts, account),
    is_verified: delegatedVerified(facts, account) ?? form.is_verified,
    ens_domain_name: form.ens_domain_name ?? null,
    metadata: account.metadata
      ? {
          tags: [
            {
              slug: account.metadata.slug,
              name: account.metadata.name,
              tagType: account.metadata.tagType,
              ordinal: account.metadata.ordinal,
              meta: { ...account.metadata.meta },
            },
          ],
        }
      : null,
    private_tags: form.private_tags,
    watchlist_names: form.watchlist_names,
    public_tags: form.public_tags,
  }),
  address,
  addressListItem: (ref, form) => ({
    ...ref,
    coin_balance: form.coin_balance,
    transactions_count: form.transactions_count,
  }),
  unknownAddress: (form) =>
    address(
      {
        hash: form.hash,
        is_contract: false,
        name: null,
        is_scam: false,
        reputation: 'ok',
        proxy_type: null,
        implementations: [],
        is_verified: null,
        ens_domain_name: null,
        metadata: null,
        private_tags: [],
        watchlist_names: [],
        public_tags: [],
      },
      { ...form, token: null },
    ),
  token: (form, token, unanswered) => ({
    ...form,
    ...Object.fromEntries(unanswered.map((field) => [field, null])),
    ...(token.unpriced ? { exchange_rate: null, circulating_market_cap: null } : {}),
    volume_24h: null,
    circulating_supply: null,
    reputation: 'ok',
  }),
  transactionItem: (form, extras) => ({
    ...transactionFields(form, extras),
    gas_limit: String(form.gas_limit),
    revert_reason: form.revert_reason === null ? null : { raw: revertData(form.revert_reason) },
    decoded_input: stripSelectorPrefix(form.decoded_input),
    token_transfers: null,
    token_transfers_overflow: null,
    transaction_tag: null,
    historic_exchange_rate: null,
    authorization_list: authorizationList(extras),
    is_pending_update: false,
    fhe_operations_count: 0,
    ...transactionBlobFields(extras),
  }),
  transactionDetail: (form, extras) => ({
    ...transactionFields(form, extras),
    gas_limit: String(form.gas_limit),
    revert_reason:
      form.revert_reason === null
        ? null
        : {
            method_id: '08c379a0',
            method_call: 'Error(string reason)',
            parameters: [{ name: 'reason', type: 'string', value: form.revert_reason }],
          },
    decoded_input: stripSelectorPrefix(form.decoded_input),
    token_transfers: form.token_transfers,
    token_transfers_overflow: form.token_transfers_overflow,
    transaction_tag: form.transaction_tag,
    historic_exchange_rate: null,
    authorization_list: authorizationList(extras),
    is_pending_update: false,
    fhe_operations_count: 0,
    ...transactionBlobFields(extras),
  }),
  pendingItem: (mined, offer, result) => ({
    ...mined,
    ...pendingFields(mined, offer, result),
    token_transfers: null,
    token_transfers_overflow: null,
    historic_exchange_rate: null,
    is_pending_update: null,
  }),
  pendingDetail: (mined, offer, result) => ({
    ...mined,
    ...pendingFields(mined, offer, result),
    token_transfers: [],
    token_transfers_overflow: false,
    historic_exchange_rate: null,
    is_pending_update: null,
  }),
  tokenTransfer: (form, transfer, k, type, instance) => ({
    ...form,
    total: tokenTotal(
      form,
      String(transfer.amounts[k]!),
      transfer.tokenIds ? String(transfer.tokenIds[k]!) : null,
      type,
      instance,
    ),
    block_number: transfer.block,
    token_type: type,
  }),
  blockItem: (form, block, extras) => ({
    ...blockFields(form),
    uncles_hashes: [],
    rewards: block.rewards.map((r) => ({ reward: String(r.amount), type: LIST_REWARD_TYPES[r.type] ?? 'validator' })),
    internal_transactions_count: null,
    withdrawals_count: null,
    is_pending_update: false,
    ...blockBlobFields(block, extras),
    ...(extras.blobs ? { beacon_deposits_count: null } : {}),
  }),
  blockDetail: (form, block, internalTransactionsCount, extras) => ({
    ...blockFields(form),
    uncles_hashes: block.unclesHashes.map((hash) => ({ hash })),
    rewards: block.rewards.map((r) => ({ reward: String(r.amount), type: r.type })),
    internal_transactions_count: internalTransactionsCount,
    withdrawals_count: form.withdrawals_count,
    is_pending_update: false,
    ...blockBlobFields(block, extras),
    ...(extras.blobs
      ? {
          blob_gas_price: extras.blobs.gasPrice === null ? null : String(extras.blobs.gasPrice),
          burnt_blob_fees: String(extras.blobs.burntFees),
          beacon_deposits_count: extras.blobs.beaconDeposits,
        }
      : {}),
  }),
  internalTransaction: (form, transactionIndex) => ({ ...form, transaction_index: transactionIndex }),
  blockWithdrawal: (form) => ({
    index: form.index,
    validator_index: form.validator_index,
    receiver: form.receiver,
    amount: form.amount,
  }),
  smartContract,
  delegatedSmartContract,
  tokenInstance: (form) => tokenInstance(form),
  collectionInstance: (form) => tokenInstance(form),
  validationError: (_message, errors) => ({ errors }),
  pendingFirstInAddressLists: true,
  selectorForUndecodedMethod: true,
};
