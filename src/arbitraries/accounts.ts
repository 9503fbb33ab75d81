import fc from 'fast-check';
import {
  type Account,
  type AddressMetadata,
  type Contract,
  type ContractKind,
  type CreationStatus,
  NONE,
  type TagLabel,
  type Token,
  type TokenType,
  type Verification,
} from '../chain/types.js';
import { constructorInputs } from '../../generators/contracts/abiOf.js';
import { abiArguments } from './abiArguments.js';
import { addressHash, label, price, wei } from './primitives.js';

export const tagLabel = (): fc.Arbitrary<TagLabel> =>
  label().map((displayName) => ({ displayName, label: displayName.toLowerCase().replace(/[^a-z0-9]+/g, '-') }));

const metadata = (): fc.Arbitrary<AddressMetadata> =>
  fc.record({
    slug: label(12),
    name: label(),
    tagType: fc.constantFrom('name', 'generic', 'protocol'),
    ordinal: fc.nat(9),
    meta: fc.constant({}),
  });

/** Everything about an account but its place in a fragment. */
export type AccountDraft = Omit<Account, 'id' | 'lower'>;

/**
 * An externally owned account: sometimes named, tagged, with an ENS name or metadata. Its balance
 * history is coherent: `balanceUpdatedAt` is null only when the balance never changed, so a
 * positive balance or a genesis allocation (block 0) always has a height.
 */
export const eoaDraft = (options: { readonly minBalance?: bigint } = {}): fc.Arbitrary<AccountDraft> =>
  fc
    .record({
      hash: addressHash(),
      name: fc.option(label(), { nil: null }),
      ensName: fc.option(
        label(12).map((n) => `${n.toLowerCase().replace(/[^a-z0-9]/g, '') || 'name'}.eth`),
        { nil: null },
      ),
      publicTags: fc.array(tagLabel(), { maxLength: 2 }),
      privateTags: fc.array(tagLabel(), { maxLength: 1 }),
      watchlistNames: fc.array(tagLabel(), { maxLength: 1 }),
      metadata: fc.option(metadata(), { nil: null }),
      contract: fc.constant(null),
      genesisBalance: wei(),
      balance: wei().map((b) => b + (options.minBalance ?? 0n)),
      changedAt: fc.nat(10_000_000),
      changed: fc.boolean(),
      nonce: fc.nat(100_000),
    })
    .map(({ changedAt, changed, ...draft }) => ({
      ...draft,
      balanceUpdatedAt: changed || draft.balance > 0n || draft.genesisBalance > 0n ? changedAt : null,
    }));

/**
 * `n` accounts with distinct addresses, none the zero address (which the fragments reserve for
 * mints and burns): two parties sharing an address would make their views disagree.
 */
export const distinctDrafts = (
  n: number,
  options: { readonly minBalance?: bigint } = {},
): fc.Arbitrary<AccountDraft[]> =>
  fc.uniqueArray(
    eoaDraft(options).filter((d) => !/^0x0{40}$/.test(d.hash)),
    { minLength: n, maxLength: n, selector: (d) => d.hash.toLowerCase() },
  );

/** Places drafts in a fragment: ids are their positions. */
export const placeAccounts = (drafts: readonly AccountDraft[]): Account[] =>
  drafts.map((d, id) => ({ ...d, id, lower: d.hash.toLowerCase() }));

const TOKEN_KIND: Record<TokenType, ContractKind> = {
  'ERC-20': 'erc20',
  'ERC-721': 'erc721',
  'ERC-1155': 'erc1155',
  'ERC-404': 'erc404',
};

/** A token's description, decimals fitting its type. */
export const tokenInfo = (type?: TokenType): fc.Arbitrary<Token> =>
  fc
    .record({
      type: type ? fc.constant(type) : fc.constantFrom<TokenType>('ERC-20', 'ERC-721', 'ERC-1155', 'ERC-404'),
      name: label(),
      symbol: label(6).map((s) => s.replace(/\s/g, '').toUpperCase() || 'TKN'),
      decimals: fc.constantFrom(18, 6, 8, 0),
      exchangeRate: price(),
      iconUrl: fc.option(fc.constant('https://assets.example/icon.png'), { nil: null }),
      totalSupply: wei(),
      holdersCount: fc.nat(1_000_000),
    })
    .map((t) => ({ ...t, decimals: t.type === 'ERC-20' ? t.decimals : t.type === 'ERC-404' ? 18 : 0 }));

export interface ContractOptions {
  readonly kind?: ContractKind;
  readonly verification?: Verification;
  readonly creationStatus?: CreationStatus;
  readonly token?: TokenType;
}

/**
 * A contract as the chain holds it. `creatorId`, `creationTransaction` and `implementationId`
 * are fragment positions the caller provides.
 */
export const contractOf = (
  options: ContractOptions & {
    readonly creatorId: number;
    readonly creationTransaction: number;
    readonly implementationId?: number;
  },
): fc.Arbitrary<Contract> => {
  const kinds: readonly ContractKind[] = options.token
    ? [TOKEN_KIND[options.token]]
    : options.kind
      ? [options.kind]
      : [
          'vault',
          'router',
          'oracle',
          'multisig',
          'factory',
          'destructible',
          'implementation',
          'lending-pool',
          'vyper-escrow',
          'library',
        ];
  return fc.constantFrom(...kinds).chain((kind) => contractOfKind(kind, options));
};

function contractOfKind(
  kind: ContractKind,
  options: ContractOptions & {
    readonly creatorId: number;
    readonly creationTransaction: number;
    readonly implementationId?: number;
  },
): fc.Arbitrary<Contract> {
  return fc
    .record({
      constructorArgs: abiArguments(constructorInputs(kind)),
      name: label(16).map((n) => n.replace(/[^A-Za-z0-9]/g, '') || 'Contract'),
      verification: options.verification
        ? fc.constant(options.verification)
        : fc.constantFrom<Verification>('full', 'partial', 'none'),
      creationStatus: options.creationStatus
        ? fc.constant(options.creationStatus)
        : fc.constantFrom<CreationStatus>('success', 'success', 'selfdestructed'),
      token: options.token ? tokenInfo(options.token).map((t): Token | null => t) : fc.constant(null),
      hasLogs: fc.boolean(),
      label: fc.nat().map((n) => `arbitrary:${n}`),
    })
    .map((c) => ({
      ...c,
      kind,
      bytecodeLabel: c.label,
      creatorId: options.creatorId,
      creationTransaction: options.creationTransaction,
      implementationId: options.implementationId ?? NONE,
    }));
}
