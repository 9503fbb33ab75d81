import { createHash } from 'node:crypto';
import type { Chain } from '../../src/chain/types.js';
import { walkPagesAsync } from '../../src/rest/walkPages.js';

/** Answers one URL (path and query under the origin, starting with /api/v2). */
export type Fetch = (url: string) => { status: number; body: string } | Promise<{ status: number; body: string }>;

const ADDRESS_LISTS: readonly (readonly [string, readonly Record<string, string>[]])[] = [
  ['transactions', [{}, { filter: 'to' }, { filter: 'from' }]],
  ['token-transfers', [{}, { filter: 'to' }, { type: 'ERC-721,ERC-1155' }]],
  ['internal-transactions', [{}, { filter: 'from' }]],
  ['tokens', [{}, { type: 'ERC-20' }]],
  ['nft/collections', [{}, { type: 'ERC-1155,ERC-404' }]],
  ['withdrawals', [{}]],
];

/**
 * The first URL of every list and every single-entity URL of the spec's twelve endpoints, for every
 * entity of a chain: what a full walk starts from.
 */
export function fullWalkStarts(chain: Chain): string[] {
  const urls = ['/api/v2/addresses', '/api/v2/blocks', '/api/v2/blocks?type=uncle', '/api/v2/blocks?type=reorg'];
  for (const account of chain.accounts) {
    const base = `/api/v2/addresses/${account.hash}`;
    urls.push(base);
    for (const [list, filters] of ADDRESS_LISTS)
      for (const f of filters) urls.push(`${base}/${list}${Object.keys(f).length ? `?${new URLSearchParams(f)}` : ''}`);
    if (account.contract) urls.push(`/api/v2/smart-contracts/${account.hash}`);
  }
  for (const block of chain.blocks)
    if (block.transactionCount) urls.push(`/api/v2/blocks/${block.height}/transactions`);
  for (const t of chain.transactions)
    if (t.tokenTransferCount) urls.push(`/api/v2/transactions/${t.hash}/token-transfers`);
  return urls;
}

/** One answer of a walk: the URL, its status and a digest of its body. */
export interface WalkedAnswer {
  readonly url: string;
  readonly status: number;
  readonly bodyDigest: string;
}

/**
 * Walks every page of every list from `fullWalkStarts` as a client does (copying
 * `next_page_params` into the query beside the filters) and returns every URL requested with its
 * status and a digest of its body, in order, plus a SHA-256 over all of them.
 */
export async function fullWalk(
  fetch: Fetch,
  chain: Chain,
): Promise<{ digest: string; urls: number; answers: WalkedAnswer[] }> {
  const hash = createHash('sha256');
  const answers: WalkedAnswer[] = [];
  for (const first of fullWalkStarts(chain)) {
    for (const { url, answer } of await walkPagesAsync(fetch, first)) {
      answers.push({ url, status: answer.status, bodyDigest: createHash('sha1').update(answer.body).digest('hex') });
      hash.update(`${url}\n${answer.status}\n${answer.body}\n`);
    }
  }
  return { digest: hash.digest('hex'), urls: answers.length, answers };
}
