import fc from 'fast-check';
import type { z } from 'zod';
import {
  NONE,
  type Account,
  type BlockType,
  type InternalTransactionType,
  type TokenType,
  type Verification,
} from '../chain/types.js';
import type {
  Address,
  AddressListItem,
  AddressRef,
  AddressTokenBalanceItem,
  Block,
  InternalTransaction,
  NftCollectionItem,
  SmartContract,
  Token,
  TokenInstance,
  TokenTransfer,
  Transaction,
  Withdrawal,
} from '../schemas/index.js';
import type * as bs from '../schemas/blockscout/index.js';
import type { Profile } from '../schemas/profile.js';
import type { ViewContext } from '../views/context.js';
import { addressJson, addressListItemJson } from '../views/address.js';
import { addressRef as addressRefOf } from '../views/addressRef.js';
import { blockJson } from '../views/block.js';
import { smartContractJson } from '../views/smartContract.js';
import { createViewContext } from '../views/context.js';
import { nftCollectionJson, tokenBalanceJson } from '../views/holdings.js';
import { internalTransactionJson } from '../views/internalTransaction.js';
import { tokenJson } from '../views/token.js';
import { tokenInstanceOut } from '../views/tokenInstance.js';
import { itemsOf } from '../domain/transactions.js';
import { tokenTransferJson } from '../views/tokenTransfer.js';
import { transactionJson } from '../views/transaction.js';
import { withdrawalJson } from '../views/withdrawal.js';
import {
  type AccountDraft,
  contractOf,
  distinctDrafts,
  eoaDraft,
  placeAccounts,
  type ContractOptions,
} from './accounts.js';
import { blockEntity } from './blockEntity.js';
import { fragmentContext, type ListFlags } from './fragment.js';
import { transactionHash, wei } from './primitives.js';
import { type TransactionOptions, transactionFragment } from './transactionFragment.js';

export { addressHash, blockHash, transactionHash } from './primitives.js';

/** What a client parses: the server's JSON text of a view, parsed. */
const asClientSees = <T>(json: string): T => JSON.parse(json) as T;

/** Each resource in the spec's shape. */
interface SpecShapes {
  addressRef: AddressRef;
  address: Address;
  addressListItem: AddressListItem;
  token: Token;
  tokenInstance: TokenInstance;
  tokenBalance: AddressTokenBalanceItem;
  nftCollection: NftCollectionItem;
  transaction: Transaction;
  tokenTransfer: TokenTransfer;
  block: Block;
  internalTransaction: InternalTransaction;
  withdrawal: Withdrawal;
  smartContract: SmartContract;
}

/** Each resource in Blockscout's shape (`explorer-mock/schemas`' `blockscoutSchemas`). */
interface BlockscoutShapes {
  addressRef: z.output<typeof bs.addressRef>;
  address: z.output<typeof bs.address>;
  addressListItem: z.output<typeof bs.topAddress>;
  token: z.output<typeof bs.token>;
  tokenInstance: z.output<typeof bs.tokenInstance>;
  tokenBalance: z.output<typeof bs.tokenBalance>;
  nftCollection: z.output<typeof bs.nftCollection>;
  transaction: z.output<typeof bs.transaction>;
  tokenTransfer: z.output<typeof bs.tokenTransfer>;
  block: z.output<typeof bs.block>;
  internalTransaction: z.output<typeof bs.internalTransaction>;
  withdrawal: z.output<typeof bs.withdrawal>;
  smartContract: z.output<typeof bs.smartContract>;
}

/** A resource as the profile `P` shapes it. */
export type ProfileShape<P extends Profile, K extends keyof SpecShapes> = P extends 'blockscout'
  ? BlockscoutShapes[K]
  : SpecShapes[K];

/** Whose shape an arbitrary's values take: the spec's (the default) or Blockscout's, as `--profile` chooses for the server. */
export interface ProfileOption<P extends Profile> {
  readonly profile?: P;
}

/** The fragment's view context in the profile asked for (fragments are made in the spec's). */
const inProfile = (ctx: ViewContext, profile: Profile | undefined): ViewContext =>
  profile === undefined || profile === ctx.profile ? ctx : createViewContext(ctx.chain, profile, 16 * 1024 * 1024);

/** A transaction as the API lists it. */
export const transaction = <P extends Profile = 'spec'>(
  options: TransactionOptions & ProfileOption<P> = {},
): fc.Arbitrary<ProfileShape<P, 'transaction'>> =>
  transactionFragment(options).map(({ ctx, index }) =>
    asClientSees<ProfileShape<P, 'transaction'>>(transactionJson(inProfile(ctx, options.profile), index)),
  );

/** A token transfer item (one item of a flattened ERC-1155 batch, or a whole transfer). */
export const tokenTransfer = <P extends Profile = 'spec'>(
  options: { tokenType?: TokenType } & ProfileOption<P> = {},
): fc.Arbitrary<ProfileShape<P, 'tokenTransfer'>> =>
  transactionFragment({
    kind: 'token_transfer',
    status: 'ok',
    ...(options.tokenType ? { tokenType: options.tokenType } : {}),
  }).chain(({ ctx }) =>
    fc
      .nat(ctx.chain.tokenTransfers.length - 1)
      .chain((t) =>
        fc
          .nat(itemsOf(ctx.chain.tokenTransfers.at(t)!) - 1)
          .map((k) =>
            asClientSees<ProfileShape<P, 'tokenTransfer'>>(tokenTransferJson(inProfile(ctx, options.profile), t, k)),
          ),
      ),
  );

/** A block of any type (or the one asked for). */
export const block = <P extends Profile = 'spec'>(
  options: { type?: BlockType } & ProfileOption<P> = {},
): fc.Arbitrary<ProfileShape<P, 'block'>> =>
  fc
    .record({ miner: eoaDraft(), block: blockEntity({ minerId: 0, ...(options.type ? { type: options.type } : {}) }) })
    .map(({ miner, block: b }) =>
      asClientSees<ProfileShape<P, 'block'>>(
        blockJson(inProfile(fragmentContext({ accounts: placeAccounts([miner]), blocks: [b] }), options.profile), b),
      ),
    );

const INTERNAL_TYPES: readonly InternalTransactionType[] = [
  'call',
  'delegatecall',
  'staticcall',
  'create',
  'create2',
  'selfdestruct',
];

/** An internal transaction of a contract call. */
export const internalTransaction = <P extends Profile = 'spec'>(
  options: { type?: InternalTransactionType; success?: boolean } & ProfileOption<P> = {},
): fc.Arbitrary<ProfileShape<P, 'internalTransaction'>> =>
  fc
    .record({
      fragment: transactionFragment({ kind: 'contract_call', status: 'ok' }),
      type: options.type ? fc.constant(options.type) : fc.constantFrom(...INTERNAL_TYPES),
      success: options.success !== undefined ? fc.constant(options.success) : fc.boolean(),
      index: fc.integer({ min: 1, max: 200 }),
      value: wei(10n ** 21n),
      gasLimit: fc.bigInt({ min: 0n, max: 10n ** 7n }),
      error: fc.constantFrom('execution reverted', 'out of gas', 'Reverted'),
    })
    .map(({ fragment: { ctx }, ...it }) => {
      const transaction = ctx.chain.transactions.at(0)!;
      const creates = it.type === 'create' || it.type === 'create2';
      const view = createViewContext(
        {
          ...ctx.chain,
          internalTransactions: [
            {
              transaction: 0,
              block: transaction.block,
              transactionIndex: transaction.position,
              index: it.index,
              type: it.type,
              fromId: 2,
              toId: creates ? NONE : 5,
              createdId: creates ? 5 : NONE,
              value: it.type === 'staticcall' || it.type === 'delegatecall' ? 0n : it.value,
              gasLimit: it.gasLimit,
              success: it.success,
              error: it.success ? null : it.error,
            },
          ],
        },
        options.profile ?? 'spec',
      );
      return asClientSees<ProfileShape<P, 'internalTransaction'>>(internalTransactionJson(view, 0));
    });

/** A withdrawal with its receiver. */
export const withdrawal = <P extends Profile = 'spec'>(
  options: ProfileOption<P> = {},
): fc.Arbitrary<ProfileShape<P, 'withdrawal'>> =>
  fc
    .record({
      receiver: eoaDraft(),
      block: blockEntity({ type: 'block', minerId: 0 }),
      index: fc.nat(100_000_000),
      validatorIndex: fc.nat(2_000_000),
      gwei: fc.bigInt({ min: 1n, max: 10n ** 11n }),
    })
    .map(({ receiver, block: b, index, validatorIndex, gwei }) => {
      const ctx = fragmentContext({
        accounts: placeAccounts([receiver]),
        blocks: [b],
        withdrawals: [{ index, validatorIndex, receiverId: 0, amount: gwei * 10n ** 9n, block: b.height }],
      });
      return asClientSees<ProfileShape<P, 'withdrawal'>>(withdrawalJson(inProfile(ctx, options.profile), 0));
    });

export interface AddressOptions {
  /** An externally owned account, any contract, a token contract or a proxy. */
  readonly kind?: 'eoa' | 'contract' | 'token' | 'proxy';
}

/**
 * A fragment holding one address (at 0), its creator (1) and, for a proxy, its implementation (2).
 * `listed`: the address has a positive balance, as every item of the address list does.
 */
function addressFragment(options: AddressOptions, listed = false) {
  const kind = options.kind
    ? fc.constant(options.kind)
    : fc.constantFrom<NonNullable<AddressOptions['kind']>>('eoa', 'eoa', 'contract', 'token', 'proxy');
  return kind.chain((k) =>
    fc
      .record({
        people: distinctDrafts(3, listed ? { minBalance: 1n } : {}),
        creation: fc.record({ hash: transactionHash(), block: blockEntity({ type: 'block', minerId: 1 }) }),
        flags: fc.record({
          transactions: fc.boolean(),
          tokenTransfers: fc.boolean(),
          withdrawals: fc.boolean(),
          minedBlocks: fc.boolean(),
          holdings: fc.boolean(),
        }),
        transactionsCount: fc.nat(5_000),
        contract:
          k === 'eoa'
            ? fc.constant(null)
            : contractOf({
                creatorId: 1,
                creationTransaction: 0,
                ...(k === 'token' ? { token: 'ERC-20' as const } : {}),
                ...(k === 'proxy' ? { kind: 'transparent-proxy' as const, implementationId: 2 } : {}),
              }),
        implementationContract: contractOf({
          creatorId: 1,
          creationTransaction: 0,
          kind: 'implementation',
          verification: 'full',
        }),
      })
      .map((a) => {
        const [subject, creator, implementation] = a.people as [AccountDraft, AccountDraft, AccountDraft];
        const drafts: AccountDraft[] = [
          { ...subject, contract: a.contract },
          creator,
          { ...implementation, contract: a.implementationContract },
        ];
        const flags: ListFlags[] = [{ ...a.flags, transactions: a.transactionsCount > 0 }];
        const ctx = fragmentContext({
          accounts: placeAccounts(drafts),
          flags,
          blocks: [a.creation.block],
          transactions: [stubTransaction(a.creation.hash, a.creation.block.height)],
        });
        return { ctx, transactionsCount: a.transactionsCount };
      }),
  );
}

/** A transaction that only has to exist (a contract's creation): fields valid, never rendered. */
function stubTransaction(hash: `0x${string}`, height: number) {
  return {
    hash,
    block: height,
    position: 0,
    fromId: 1,
    toId: NONE,
    createdId: 0,
    nonce: 0,
    type: 2 as const,
    status: 'ok' as const,
    value: 0n,
    gasLimit: 100_000,
    gasUsed: 90_000,
    gasPrice: 1n,
    maxFeePerGas: 1n,
    maxPriorityFeePerGas: 0n,
    call: null,
    types: 0,
    revertReason: null,
    tokenTransferStart: 0,
    tokenTransferCount: 0,
    internalStart: 0,
    internalCount: 0,
    eventStart: 0,
    eventCount: 0,
    hasErrorInInternalTransactions: false,
    actions: [],
    tag: null,
  };
}

/** The address object (reference form). */
export const addressRef = <P extends Profile = 'spec'>(
  options: AddressOptions & ProfileOption<P> = {},
): fc.Arbitrary<ProfileShape<P, 'addressRef'>> =>
  addressFragment(options).map(({ ctx }) =>
    asClientSees<ProfileShape<P, 'addressRef'>>(JSON.stringify(addressRefOf(inProfile(ctx, options.profile), 0))),
  );

/** The full address, as the address detail shows it. */
export const address = <P extends Profile = 'spec'>(
  options: AddressOptions & ProfileOption<P> = {},
): fc.Arbitrary<ProfileShape<P, 'address'>> =>
  addressFragment(options).map(({ ctx }) =>
    asClientSees<ProfileShape<P, 'address'>>(addressJson(inProfile(ctx, options.profile), 0)),
  );

/** An item of the address list. */
export const addressListItem = <P extends Profile = 'spec'>(
  options: AddressOptions & ProfileOption<P> = {},
): fc.Arbitrary<ProfileShape<P, 'addressListItem'>> =>
  addressFragment(options, true).map(({ ctx, transactionsCount }) => {
    const index = ctx.chain.indexes.at(0)!;
    const counted = createViewContext(
      {
        ...ctx.chain,
        indexes: [{ ...index, transactions: new Int32Array(transactionsCount) }, ...[...ctx.chain.indexes].slice(1)],
      },
      options.profile ?? 'spec',
    );
    return asClientSees<ProfileShape<P, 'addressListItem'>>(addressListItemJson(counted, 0));
  });

/** A fragment with a token contract (0) and a holder (1). */
function tokenFragment(type?: TokenType) {
  return fc
    .record({
      token: contractOf({ creatorId: 1, creationTransaction: 0, token: type ?? 'ERC-20', creationStatus: 'success' }),
      anyType: fc.constantFrom<TokenType>('ERC-20', 'ERC-721', 'ERC-1155', 'ERC-404'),
      people: distinctDrafts(2),
    })
    .chain((r) =>
      (type
        ? fc.constant(r.token)
        : contractOf({ creatorId: 1, creationTransaction: 0, token: r.anyType, creationStatus: 'success' })
      ).map((token) => ({ ...r, token })),
    )
    .map((r) => {
      const [tokenAccount, holder] = r.people as [AccountDraft, AccountDraft];
      const accounts: Account[] = placeAccounts([{ ...tokenAccount, contract: r.token }, holder]);
      return { accounts, type: r.token.token!.type };
    });
}

/** A token object. */
export const token = <P extends Profile = 'spec'>(
  options: { type?: TokenType } & ProfileOption<P> = {},
): fc.Arbitrary<ProfileShape<P, 'token'>> =>
  tokenFragment(options.type).map(({ accounts }) =>
    asClientSees<ProfileShape<P, 'token'>>(tokenJson(inProfile(fragmentContext({ accounts }), options.profile), 0)),
  );

const nftTypes: readonly TokenType[] = ['ERC-721', 'ERC-1155', 'ERC-404'];

/** A token instance (an NFT or an ERC-1155 id) with its token. */
export const tokenInstance = <P extends Profile = 'spec'>(
  options: { tokenType?: Exclude<TokenType, 'ERC-20'> } & ProfileOption<P> = {},
): fc.Arbitrary<ProfileShape<P, 'tokenInstance'>> =>
  (options.tokenType ? fc.constant(options.tokenType) : fc.constantFrom(...nftTypes))
    .chain((type) => fc.record({ f: tokenFragment(type), id: fc.bigInt({ min: 0n, max: 10n ** 12n }) }))
    .map(({ f, id }) => {
      const ctx = inProfile(
        fragmentContext({ accounts: f.accounts, nftOwners: new Map([[`0:${id}`, 1]]) }),
        options.profile,
      );
      return asClientSees<ProfileShape<P, 'tokenInstance'>>(JSON.stringify(tokenInstanceOut(ctx, 0, id, 1)));
    });

/** A row of an address's token balances. */
export const tokenBalance = <P extends Profile = 'spec'>(
  options: { tokenType?: TokenType } & ProfileOption<P> = {},
): fc.Arbitrary<ProfileShape<P, 'tokenBalance'>> =>
  fc
    .record({
      f: tokenFragment(options.tokenType),
      id: fc.bigInt({ min: 0n, max: 10n ** 9n }),
      value: wei(),
      count: fc.integer({ min: 1, max: 50 }),
    })
    .map(({ f, id, value, count }) => {
      const ctx = inProfile(
        fragmentContext({ accounts: f.accounts, nftOwners: new Map([[`0:${id}`, 1]]) }),
        options.profile,
      );
      const holding =
        f.type === 'ERC-20'
          ? { tokenId: 0, nftId: null, value: value + 1n }
          : f.type === 'ERC-721'
            ? { tokenId: 0, nftId: null, value: BigInt(count) }
            : { tokenId: 0, nftId: id, value: f.type === 'ERC-404' ? 10n ** 18n : value + 1n };
      return asClientSees<ProfileShape<P, 'tokenBalance'>>(tokenBalanceJson(ctx, holding, 1));
    });

/** An NFT collection an address holds, with up to 9 instances. */
export const nftCollection = <P extends Profile = 'spec'>(
  options: { tokenType?: Exclude<TokenType, 'ERC-20'> } & ProfileOption<P> = {},
): fc.Arbitrary<ProfileShape<P, 'nftCollection'>> =>
  (options.tokenType ? fc.constant(options.tokenType) : fc.constantFrom(...nftTypes))
    .chain((type) =>
      fc.record({
        f: tokenFragment(type),
        ids: fc.uniqueArray(fc.bigInt({ min: 0n, max: 10n ** 9n }), { minLength: 1, maxLength: 15 }),
        amount: fc.bigInt({ min: 1n, max: 1_000n }),
      }),
    )
    .map(({ f, ids, amount }) => {
      const sorted = [...ids].sort((a, b) => (a < b ? -1 : 1));
      const unit = f.type === 'ERC-404' ? 10n ** 18n : f.type === 'ERC-721' ? 1n : amount;
      const instances = sorted.map((id) => ({ id, value: unit }));
      const ctx = inProfile(
        fragmentContext({ accounts: f.accounts, nftOwners: new Map(sorted.map((id) => [`0:${id}`, 1])) }),
        options.profile,
      );
      return asClientSees<ProfileShape<P, 'nftCollection'>>(
        nftCollectionJson(ctx, { tokenId: 0, amount: unit * BigInt(instances.length), instances }, 1),
      );
    });

export interface SmartContractOptions<P extends Profile = 'spec'>
  extends Pick<ContractOptions, 'kind'>,
    ProfileOption<P> {
  /** false: the bytecode-only answer of an unverified contract. */
  readonly verified?: boolean;
}

/** A smart contract record: verified (fully or partially) or the bytecode of an unverified one. */
export const smartContract = <P extends Profile = 'spec'>(
  options: SmartContractOptions<P> = {},
): fc.Arbitrary<ProfileShape<P, 'smartContract'>> => {
  const verification: fc.Arbitrary<Verification> =
    options.verified === undefined
      ? fc.constantFrom('full', 'partial', 'none')
      : options.verified
        ? fc.constantFrom('full', 'partial')
        : fc.constant('none');
  return verification.chain((v) =>
    fc
      .record({
        people: distinctDrafts(2),
        creation: fc.record({ hash: transactionHash(), block: blockEntity({ type: 'block', minerId: 1 }) }),
        contract: contractOf({
          creatorId: 1,
          creationTransaction: 0,
          verification: v,
          ...(options.kind ? { kind: options.kind } : {}),
        }),
      })
      .map((r) => {
        const ctx = fragmentContext({
          accounts: placeAccounts([{ ...r.people[0]!, contract: r.contract }, r.people[1]!]),
          blocks: [r.creation.block],
          transactions: [stubTransaction(r.creation.hash, r.creation.block.height)],
        });
        return asClientSees<ProfileShape<P, 'smartContract'>>(smartContractJson(inProfile(ctx, options.profile), 0));
      }),
  );
};
