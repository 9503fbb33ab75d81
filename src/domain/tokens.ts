import { SIGNATURES } from '../../generators/contracts/signatures.js';
import type { AccountId, Holding, Token, TokenMetadataField, TokenType } from '../chain/types.js';
import { marketValue, marketValueMicros } from './amounts.js';
import { codeOwnerOf } from './customAbi.js';
import { type Facts, memoList } from './facts.js';
import { lazyModules } from './lazyModules.js';

/** The token of a token contract. */
export const tokenOf = (facts: Facts, id: AccountId): Token => facts.chain.accounts[id]!.contract!.token!;

/**
 * The metadata views a token's code does not answer, which Blockscout's token fetcher stores as
 * nil: those its own code did not (`Token.unanswered`); for a generated token, `decimals()` where
 * the kind of the code it runs (a clone's: its implementation's) has none (the catalogue's ERC-721
 * and ERC-1155, as OpenZeppelin's), so `eth_call` of it reverts there too.
 */
export function unansweredOf(facts: Facts, id: AccountId): readonly TokenMetadataField[] {
  const contract = facts.chain.accounts[id]!.contract!;
  if (contract.token!.unanswered || contract.kind === 'custom') return contract.token!.unanswered ?? [];
  const code = codeOwnerOf(facts.chain, id)!;
  if (code.kind === 'custom') return [];
  return SIGNATURES[code.kind].some((s) => s.startsWith('function decimals()')) ? [] : ['decimals'];
}

/** A token's decimals as the explorer stores them: none where its code answers no `decimals()`. */
export const storedDecimalsOf = (facts: Facts, id: AccountId): number | null =>
  unansweredOf(facts, id).includes('decimals') ? null : tokenOf(facts, id).decimals;

/** A token's market cap in USD: its supply at its price, as a decimal string. */
export const marketCapOf = (token: Token): string => marketValue(token.exchangeRate, token.totalSupply, token.decimals);

/** Positions in `chain.tokenTransfers` of one token's transfers, in chain order. */
export const transfersOfToken = (facts: Facts, id: AccountId): Int32Array =>
  facts.memo.get(`token-transfers:${id}`, () => {
    const out: number[] = [];
    for (const ref of facts.chain.indexes.at(id)!.logs) if (ref < 0) out.push(-1 - ref);
    return Int32Array.from(out);
  });

/** One NFT's transfers, in chain order. */
export const transfersOfNft = (facts: Facts, id: AccountId, nftId: bigint): Int32Array =>
  memoList(facts, `nft-transfers:${id}:${nftId}`, () =>
    transfersOfToken(facts, id).filter((t) => facts.chain.tokenTransfers.at(t)!.tokenIds?.includes(nftId) ?? false),
  );

/** What a filter of an address's token transfers keeps: token types, direction, one token. */
export interface TransferFilter {
  readonly types?: ReadonlySet<TokenType> | undefined;
  readonly direction?: 'to' | 'from' | undefined;
  readonly tokenId?: AccountId | undefined;
}

/** An address's token transfers that pass `filter`, in chain order. */
export function tokenTransfersOf(facts: Facts, id: AccountId, filter: TransferFilter): Int32Array {
  const all = facts.chain.indexes.at(id)!.tokenTransfers;
  const { types, direction, tokenId } = filter;
  if (!types && !direction && tokenId === undefined) return all;
  const key = `address-transfers:${id}:${types ? [...types].sort().join(',') : ''}:${direction ?? ''}:${tokenId ?? ''}`;
  return memoList(facts, key, () =>
    all.filter((t) => {
      const transfer = facts.chain.tokenTransfers.at(t)!;
      if (direction === 'to' && transfer.toId !== id) return false;
      if (direction === 'from' && transfer.fromId !== id) return false;
      if (tokenId !== undefined && transfer.tokenId !== tokenId) return false;
      return !types || types.has(tokenOf(facts, transfer.tokenId).type);
    }),
  );
}

/** A holder of a token and what it holds. */
export interface Holder {
  readonly holder: AccountId;
  readonly value: bigint;
}

/** Holders of a token and what each holds, value descending then address descending. */
export const holdersOf = (facts: Facts, id: AccountId): readonly Holder[] =>
  facts.memo.get(`holders:${id}`, () => {
    const { chain } = facts;
    const totals = new Map<number, bigint>();
    for (let holder = 0; holder < chain.indexes.length; holder++) {
      for (const h of chain.indexes.at(holder)!.holdings)
        if (h.tokenId === id) totals.set(holder, (totals.get(holder) ?? 0n) + h.value);
    }
    const lower = (h: number) => chain.accounts[h]!.lower;
    return [...totals]
      .filter(([, v]) => v > 0n)
      .map(([holder, value]) => ({ holder, value }))
      .sort((a, b) =>
        a.value !== b.value ? (a.value > b.value ? -1 : 1) : lower(a.holder) > lower(b.holder) ? -1 : 1,
      );
  });

/** An NFT that exists, and an account holding it. */
export interface Instance {
  readonly nftId: bigint;
  readonly owner: AccountId;
}

/** Ids of a token's NFTs that exist, descending, each with a holder. */
export const instancesOf = (facts: Facts, id: AccountId): readonly Instance[] =>
  facts.memo.get(`instances:${id}`, () => {
    const { chain } = facts;
    const out = new Map<bigint, number>();
    for (let holder = 0; holder < chain.indexes.length; holder++) {
      for (const c of chain.indexes.at(holder)!.nftCollections)
        if (c.tokenId === id) for (const x of c.instances) if (!out.has(x.id)) out.set(x.id, holder);
    }
    return [...out]
      .map(([nftId, owner]) => ({ nftId, owner }))
      .sort((a, b) => (a.nftId > b.nftId ? -1 : a.nftId < b.nftId ? 1 : 0));
  });

/** The owner of an ERC-721 or ERC-404 NFT (the zero address once burnt); undefined for one never minted. */
export const nftOwnerOf = (facts: Facts, tokenId: AccountId, nftId: bigint): AccountId | undefined =>
  facts.chain.nftOwners.get(`${tokenId}:${nftId}`);

/** The sort key of `/tokens`: market cap, then fiat value, descending with nulls last; holders descending; name, then address, ascending. */
export interface TokenKey {
  readonly marketCap: number | null;
  readonly fiatValue: number | null;
  readonly holders: number;
  readonly name: string;
  readonly address: string;
}

const descNullsLast = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : b - a);

export const compareTokenKeys = (a: TokenKey, b: TokenKey) =>
  descNullsLast(a.marketCap, b.marketCap) ||
  descNullsLast(a.fiatValue, b.fiatValue) ||
  b.holders - a.holders ||
  (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
  (a.address < b.address ? -1 : a.address > b.address ? 1 : 0);

/** Every token contract in the explorer's order, with its sort key. */
export const tokensInExplorerOrder = (
  facts: Facts,
): { readonly ids: readonly AccountId[]; readonly keys: ReadonlyMap<AccountId, TokenKey> } =>
  facts.memo.get('tokens-in-order', () => {
    const { chain } = facts;
    const ids = chain.accounts
      .filter((a) => a.contract?.token && a.contract.creationStatus !== 'failed')
      .map((a) => a.id);
    const keyOf = (id: number): TokenKey => {
      const token = tokenOf(facts, id);
      return {
        marketCap: Number(marketCapOf(token)),
        fiatValue: Number(token.exchangeRate),
        holders: token.holdersCount,
        name: token.name,
        address: chain.accounts[id]!.lower,
      };
    };
    const keys = new Map(ids.map((id) => [id, keyOf(id)]));
    return { ids: ids.sort((a, b) => compareTokenKeys(keys.get(a)!, keys.get(b)!)), keys };
  });

const NFT_TYPES: readonly TokenType[] = ['ERC-721', 'ERC-1155', 'ERC-404'];

/** One NFT an address holds, as `/addresses/{h}/nft` lists it. */
export interface HeldNft {
  readonly tokenId: AccountId;
  readonly lower: string;
  readonly rank: number;
  readonly id: bigint;
  readonly value: bigint;
}

/** Every NFT an address holds, flat: by type (ERC-721, ERC-1155, ERC-404), then contract ascending, then id descending. */
export const nftsHeldBy = (
  facts: Facts,
  id: AccountId,
  types: ReadonlySet<TokenType> | undefined,
): readonly HeldNft[] =>
  facts.memo.get(`nfts-held:${id}:${types ? [...types].sort().join(',') : ''}`, () => {
    const { chain } = facts;
    const typeOf = (tokenId: number) => tokenOf(facts, tokenId).type;
    return chain.indexes
      .at(id)!
      .nftCollections.filter((c) => !types || types.has(typeOf(c.tokenId)))
      .flatMap((c) =>
        c.instances.map((x) => ({
          tokenId: c.tokenId,
          lower: chain.accounts[c.tokenId]!.lower,
          rank: NFT_TYPES.indexOf(typeOf(c.tokenId)),
          id: x.id,
          value: x.value,
        })),
      )
      .sort(
        (a, b) =>
          a.rank - b.rank ||
          (a.lower < b.lower ? -1 : a.lower > b.lower ? 1 : 0) ||
          (a.id > b.id ? -1 : a.id < b.id ? 1 : 0),
      );
  });

/** The token transfers an address takes part in (as sender or receiver) or, as a token contract, emits: chain order. */
export const transfersInvolving = (facts: Facts, id: AccountId): Int32Array => {
  const own = facts.chain.indexes.at(id)!.tokenTransfers;
  const emitted = facts.chain.accounts[id]!.contract?.token ? transfersOfToken(facts, id) : undefined;
  if (!emitted?.length) return own;
  return memoList(facts, `transfers-involving:${id}`, () => {
    const merged = new Set([...own, ...emitted]);
    return Int32Array.from(merged).sort();
  });
};

/**
 * Everything an address holds, in the explorer's order for its token balances (`CurrentTokenBalance.last_token_balances`):
 * fiat value descending, then value descending; rows tied on both keep the address's holdings order
 * (the explorer's row ids).
 */
export const tokenBalancesOf = (facts: Facts, id: AccountId): readonly Holding[] =>
  facts.memo.get(`token-balances:${id}`, () => {
    const fiat = (h: Holding) => {
      const token = tokenOf(facts, h.tokenId);
      return marketValueMicros(token.exchangeRate, h.value, token.decimals);
    };
    return facts.chain.indexes
      .at(id)!
      .holdings.map((h, k) => ({ h, k, fiat: fiat(h) }))
      .sort((a, b) =>
        a.fiat !== b.fiat
          ? a.fiat > b.fiat
            ? -1
            : 1
          : a.h.value !== b.h.value
            ? a.h.value > b.h.value
              ? -1
              : 1
            : a.k - b.k,
      )
      .map((row) => row.h);
  });

/** The holders of one id of an ERC-1155 or ERC-404 token, value then address descending (ERC-721 ids have none: the explorer keeps one balance per holder of the whole token). */
export const instanceHoldersOf = (facts: Facts, tokenId: AccountId, nftId: bigint): readonly Holder[] =>
  facts.memo.get(`instance-holders:${tokenId}:${nftId}`, () => {
    const { chain } = facts;
    const out: Holder[] = [];
    for (let holder = 0; holder < chain.indexes.length; holder++) {
      if (holder === chain.zeroId) continue;
      for (const h of chain.indexes.at(holder)!.holdings)
        if (h.tokenId === tokenId && h.nftId === nftId && h.value > 0n) out.push({ holder, value: h.value });
    }
    const lower = (h: number) => chain.accounts[h]!.lower;
    return out.sort((a, b) =>
      a.value !== b.value ? (a.value > b.value ? -1 : 1) : lower(a.holder) > lower(b.holder) ? -1 : 1,
    );
  });

/** The off-chain metadata of an NFT, drawn from its token and id, its media served at `origin` (memoised per chain and origin). */
export const nftMetadataOf = (facts: Facts, tokenId: AccountId, id: bigint, origin: string) => {
  const account = facts.chain.accounts[tokenId]!;
  return facts.memo.get(`nft-metadata:${origin}:${account.lower}:${id}`, () =>
    lazyModules.nftMetadata.get().nftMetadata(facts.chain.seed, account, id, origin),
  );
};
