/**
 * The Blockscout profile: how Blockscout v11 answers where the seed spec says otherwise. Every
 * function takes the spec's view of an entity and gives Blockscout's, so this file is the one
 * place that says how the two profiles differ; `DIFFERENCES` lists each difference with the
 * Blockscout source it comes from (tag v11.2.7).
 */
import type { Account, AccountId, Block, TokenTransfer as TransferEntity } from '../chain/types.js';
import { NONE } from '../chain/types.js';
import type { ViewContext } from '../views/context.js';

type Json = Record<string, unknown>;

const S = 'apps/block_scout_web/lib/block_scout_web/schemas/api/v2';
const V = 'apps/block_scout_web/lib/block_scout_web/views/api/v2';

/** One field that Blockscout answers differently, and the source file that says so. */
export interface Difference {
  readonly resource: string;
  readonly field: string;
  readonly blockscout: string;
  readonly source: string;
}

export const DIFFERENCES: readonly Difference[] = [
  {
    resource: 'address reference',
    field: 'implementation_name',
    blockscout: 'implementations: [{address_hash, name}] and proxy_type',
    source: `${S}/address.ex`,
  },
  {
    resource: 'address reference',
    field: 'metadata',
    blockscout: "{tags: [tag]} or null (the spec: one tag's keys, absent when none)",
    source: `${S}/proxy/metadata.ex`,
  },
  { resource: 'address reference', field: 'is_scam', blockscout: 'added: false', source: `${S}/address.ex` },
  { resource: 'address reference', field: 'reputation', blockscout: 'added: "ok"', source: `${S}/address.ex` },
  {
    resource: 'address',
    field: 'implementation_address',
    blockscout: 'removed: implementations and proxy_type instead',
    source: `${S}/address/response.ex`,
  },
  { resource: 'address', field: 'watchlist_address_id', blockscout: 'added: null', source: `${S}/address/response.ex` },
  {
    resource: 'address list item',
    field: 'creator_address_hash',
    blockscout: 'reference form plus coin_balance and transactions_count',
    source: `${S}/address/top_address.ex`,
  },
  { resource: 'transaction', field: 'gas_limit', blockscout: 'an integer string', source: `${S}/transaction.ex` },
  {
    resource: 'transaction',
    field: 'revert_reason',
    blockscout: '{raw: "0x…"} in lists, decoded Error(string) in the detail',
    source: `${V}/transaction_view.ex`,
  },
  {
    resource: 'transaction',
    field: 'token_transfers',
    blockscout: 'null in lists (and token_transfers_overflow null)',
    source: `${V}/transaction_view.ex`,
  },
  {
    resource: 'transaction',
    field: 'actions',
    blockscout: 'removed (not emitted by default)',
    source: `${V}/transaction_view.ex`,
  },
  {
    resource: 'transaction',
    field: 'decoded_input',
    blockscout: 'method_id without 0x',
    source: `${S}/general/decoded_input.ex`,
  },
  { resource: 'transaction', field: 'authorization_list', blockscout: 'added: []', source: `${S}/transaction.ex` },
  {
    resource: 'transaction',
    field: 'historic_exchange_rate',
    blockscout: 'added: null',
    source: `${S}/transaction.ex`,
  },
  {
    resource: 'token transfer',
    field: 'total',
    blockscout: 'by token type: {value, decimals}, {token_id, token_instance}, or all four',
    source: 'apps/explorer/lib/explorer/chain/token_transfer.ex',
  },
  { resource: 'token transfer', field: 'block_number', blockscout: 'added', source: `${S}/token_transfer.ex` },
  { resource: 'token transfer', field: 'token_type', blockscout: 'added', source: `${S}/token_transfer.ex` },
  { resource: 'token', field: 'volume_24h', blockscout: 'added: null', source: `${S}/token.ex` },
  { resource: 'token', field: 'reputation', blockscout: 'added: "ok"', source: `${S}/token.ex` },
  {
    resource: 'block',
    field: 'extra_data',
    blockscout: 'removed (commented out in the view; not in the schema)',
    source: `${V}/block_view.ex`,
  },
  {
    resource: 'block',
    field: 'state_root',
    blockscout: 'removed (commented out in the view; not in the schema)',
    source: `${V}/block_view.ex`,
  },
  {
    resource: 'block',
    field: 'uncles_hashes',
    blockscout: '[{hash}] in the detail, [] in lists',
    source: `${V}/block_view.ex`,
  },
  {
    resource: 'block',
    field: 'rewards',
    blockscout: 'reward a string; list types emission_funds/uncle/validator',
    source: `${V}/block_view.ex`,
  },
  {
    resource: 'block',
    field: 'withdrawals_count',
    blockscout: 'null in lists; internal_transactions_count added (null in lists)',
    source: `${S}/block.ex`,
  },
  {
    resource: 'internal transaction',
    field: 'transaction_index',
    blockscout: 'added',
    source: `${S}/internal_transaction.ex`,
  },
  { resource: 'smart contract', field: 'abi', blockscout: 'an array of ABI objects', source: `${S}/smart_contract.ex` },
  {
    resource: 'smart contract',
    field: 'optimizations_runs',
    blockscout: 'optimization_runs',
    source: `${S}/smart_contract.ex`,
  },
  {
    resource: 'smart contract',
    field: 'is_verified_via_registry',
    blockscout: 'is_verified_via_sourcify (and sourcify_repo_url, can_be_visualized_via_sol2uml)',
    source: `${V}/smart_contract_view.ex`,
  },
  {
    resource: 'smart contract',
    field: 'minimal_proxy_address_hash',
    blockscout: 'removed: proxy_type eip1167 and implementations',
    source: `${S}/smart_contract.ex`,
  },
  {
    resource: 'errors',
    field: 'message',
    blockscout: '422 bodies are {errors: [...]} only',
    source: 'open_api_spex JsonRenderErrorV2 (json_render_error_v2: true in every v2 controller)',
  },
];

export const proxyTypeOf = (account: Account): string | null =>
  account.contract?.kind === 'transparent-proxy'
    ? 'eip1967'
    : account.contract?.kind === 'minimal-proxy'
      ? 'eip1167'
      : null;

export function implementationsOf(ctx: ViewContext, account: Account): { address_hash: string; name: string | null }[] {
  const id = account.contract?.implementationId ?? NONE;
  if (id === NONE) return [];
  const implementation = ctx.chain.accounts[id]!;
  return [{ address_hash: implementation.hash, name: implementation.contract?.name ?? null }];
}

/** The address reference: implementations, proxy type, metadata tags, reputation. */
export function addressRef(ctx: ViewContext, account: Account, spec: Json): Json {
  const tag = spec.metadata as Json | undefined;
  return {
    hash: spec.hash,
    is_contract: spec.is_contract,
    name: spec.name,
    is_scam: false,
    reputation: 'ok',
    proxy_type: proxyTypeOf(account),
    implementations: implementationsOf(ctx, account),
    is_verified: spec.is_verified,
    ens_domain_name: spec.ens_domain_name,
    metadata: tag ? { tags: [tag] } : null,
    private_tags: spec.private_tags,
    watchlist_names: spec.watchlist_names,
    public_tags: spec.public_tags,
  };
}

const REF_KEYS = [
  'hash',
  'is_contract',
  'name',
  'is_scam',
  'reputation',
  'proxy_type',
  'implementations',
  'is_verified',
  'ens_domain_name',
  'metadata',
  'private_tags',
  'watchlist_names',
  'public_tags',
];

/** The address detail: the reference's fields, then the detail's. */
export function address(ref: Json, spec: Json): Json {
  const { implementation_address: _a, implementation_name: _n, ...rest } = spec;
  return { ...ref, ...rest, ...Object.fromEntries(REF_KEYS.map((k) => [k, ref[k]])), watchlist_address_id: null };
}

/** An item of `/addresses`: the reference form plus balance and transaction count. */
export const addressListItem = (ref: Json, spec: Json): Json => ({
  ...ref,
  coin_balance: spec.coin_balance,
  transactions_count: spec.transactions_count,
});

export const token = (spec: Json): Json => ({ ...spec, volume_24h: null, circulating_supply: null, reputation: 'ok' });

/** The ABI encoding of `Error(string)`: what a node returns as a revert reason. */
export function revertData(reason: string): string {
  const bytes = Buffer.from(reason, 'utf8');
  const word = (n: number) => n.toString(16).padStart(64, '0');
  const padded = bytes.toString('hex').padEnd(Math.ceil(bytes.length / 32) * 64, '0');
  return `0x08c379a0${word(32)}${word(bytes.length)}${padded}`;
}

const stripSelectorPrefix = (decoded: Json | null): Json | null =>
  decoded && { ...decoded, method_id: String(decoded.method_id).replace(/^0x/, '') };

/** A transaction; `detail` for `/transactions/{hash}`, else as lists show it. */
export function transaction(spec: Json, transfers: Json[] | null, detail: boolean): Json {
  const { actions: _actions, ...rest } = spec;
  const reason = spec.revert_reason as string | null;
  return {
    ...rest,
    gas_limit: String(spec.gas_limit),
    revert_reason:
      reason === null
        ? null
        : detail
          ? {
              method_id: '08c379a0',
              method_call: 'Error(string reason)',
              parameters: [{ name: 'reason', type: 'string', value: reason }],
            }
          : { raw: revertData(reason) },
    decoded_input: stripSelectorPrefix(spec.decoded_input as Json | null),
    token_transfers: detail ? transfers : null,
    token_transfers_overflow: detail ? spec.token_transfers_overflow : null,
    transaction_tag: detail ? spec.transaction_tag : null,
    historic_exchange_rate: null,
    authorization_list: [],
    is_pending_update: false,
    fhe_operations_count: 0,
  };
}

/** A token transfer: `total` by token type, with its block number and token type. */
export function tokenTransfer(
  spec: Json,
  transfer: TransferEntity,
  k: number,
  type: string,
  instance: Json | null,
): Json {
  const value = String(transfer.amounts[k]!);
  const decimals = (spec.total as Json).decimals;
  const tokenId = transfer.tokenIds ? String(transfer.tokenIds[k]!) : null;
  const total =
    type === 'ERC-20'
      ? { decimals, value }
      : type === 'ERC-721'
        ? { token_id: tokenId, token_instance: instance }
        : { token_id: tokenId, value, decimals, token_instance: instance };
  return { ...spec, total, block_number: transfer.block, token_type: type };
}

const LIST_REWARD_TYPES: Record<string, string> = {
  'Miner Reward': 'validator',
  'Uncle Reward': 'uncle',
  'Emission Reward': 'emission_funds',
};

/** A block; `detail` for `/blocks/{id}`, else as lists show it. */
export function block(spec: Json, entity: Block, internalTransactionsCount: number, detail: boolean): Json {
  const { extra_data: _e, state_root: _s, ...rest } = spec;
  return {
    ...rest,
    uncles_hashes: detail ? entity.unclesHashes.map((hash) => ({ hash })) : [],
    rewards: entity.rewards.map((r) => ({
      reward: String(r.amount),
      type: detail ? r.type : (LIST_REWARD_TYPES[r.type] ?? r.type),
    })),
    internal_transactions_count: detail ? internalTransactionsCount : null,
    withdrawals_count: detail ? spec.withdrawals_count : null,
    is_pending_update: false,
  };
}

export const internalTransaction = (spec: Json, transactionIndex: number): Json => ({
  ...spec,
  transaction_index: transactionIndex,
});

/** The smart contract record: Blockscout's names of the verification fields, the ABI as an array. */
export function smartContract(ctx: ViewContext, id: AccountId, spec: Json): Json {
  const account = ctx.chain.accounts[id]!;
  const proxy = {
    proxy_type: proxyTypeOf(account),
    implementations: implementationsOf(ctx, account),
    conflicting_implementations: null,
  };
  // A contract predeployed at genesis was never created by a transaction: Blockscout has no creation code for it.
  const creation = account.contract!.creationTransaction === NONE ? { creation_bytecode: null } : {};
  if (!('abi' in spec))
    return {
      ...proxy,
      deployed_bytecode: spec.deployed_bytecode,
      creation_bytecode: spec.creation_bytecode,
      creation_status: spec.creation_status,
      ...creation,
    };
  const {
    abi,
    optimizations_runs,
    is_verified_via_registry,
    registry_repo_url,
    can_be_visualized_via_diagram_tool,
    minimal_proxy_address_hash: _m,
    ...rest
  } = spec;
  return {
    ...rest,
    ...proxy,
    ...creation,
    abi: JSON.parse(abi as string),
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

/** A token instance: no holder field; media fields and thumbnails as the explorer sends them. */
export function tokenInstance(spec: Json): Json {
  const { holder_address_hash: _h, ...rest } = spec;
  return { ...rest, thumbnails: null, media_type: null, media_url: spec.image_url ?? spec.animation_url ?? null };
}

/** A withdrawal inside a block's list: its receiver, not its block. */
export const blockWithdrawal = (spec: Json): Json => ({
  index: spec.index,
  validator_index: spec.validator_index,
  receiver: spec.receiver,
  amount: spec.amount,
});

/** The detail of an address the chain has never seen, as the explorer answers it. */
export const unknownAddress = (spec: Json): Json =>
  address(
    {
      hash: spec.hash,
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
    spec,
  );
