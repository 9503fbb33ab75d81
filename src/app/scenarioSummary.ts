import { chainCounts } from '../chain/chainCounts.js';
import { factsOf } from '../domain/facts.js';
import { userOpByHash } from '../domain/userOps.js';
import type { Profile } from '../schemas/profile.js';
import type { Chain } from '../chain/types.js';

export type HandleKind = 'address' | 'transaction' | 'block' | 'userOperation';

export interface HandleSummary {
  readonly name: string;
  readonly kind: HandleKind;
  readonly value: string;
  /** Endpoint paths (under the server's origin) that show this entity. */
  readonly links: readonly string[];
}

const ADDRESS_LISTS = [
  'transactions',
  'token-transfers',
  'internal-transactions',
  'tokens',
  'nft/collections',
  'withdrawals',
];

/** The endpoints that show a notable entity. */
function handleSummary(chain: Chain, name: string, value: string): HandleSummary {
  const lower = value.toLowerCase();
  const accountId = chain.accountByHash.get(lower);
  if (accountId !== undefined) {
    const account = chain.accounts[accountId]!;
    const base = `/api/v2/addresses/${account.hash}`;
    const hasCode = account.contract !== null && account.contract.creationStatus !== 'failed';
    return {
      name,
      kind: 'address',
      value: account.hash,
      links: [
        base,
        ...ADDRESS_LISTS.map((list) => `${base}/${list}`),
        ...(hasCode ? [`/api/v2/smart-contracts/${account.hash}`] : []),
      ],
    };
  }
  const transaction = chain.transactionByHash.get(lower);
  if (transaction !== undefined) {
    const t = chain.transactions.at(transaction)!;
    return {
      name,
      kind: 'transaction',
      value: t.hash,
      links: [`/api/v2/transactions/${t.hash}/token-transfers`, `/api/v2/blocks/${t.block}/transactions`],
    };
  }
  const op = userOpByHash(factsOf(chain), lower);
  if (op !== undefined) {
    const base = `/api/v2/proxy/account-abstraction/operations/${op.hash}`;
    return { name, kind: 'userOperation', value: op.hash, links: [base, `${base}/summary`] };
  }
  return { name, kind: 'block', value: lower, links: [`/api/v2/blocks/${lower}/transactions`] };
}

/** How a server started: where its chain came from and how long it took (absent from fixtures, which must not vary). */
export interface StartSummary {
  /** `snapshot`: loaded from the cache; `built`: replayed by the chain builder. */
  readonly source: 'snapshot' | 'built';
  readonly file: string | null;
  readonly chainMs: number;
  readonly readyMs?: number | null;
  /** With `--watch`: which build of the scenario file is serving, and since when. */
  readonly build?: { readonly number: number; readonly at: string };
  /** Transactions clients sent since start (or the last reset), and whether each is mined at once. */
  readonly sends?: { readonly accepted: number; readonly automine: boolean };
}

/** What `/__mock/scenario` answers and the home page shows. */
export function scenarioSummary(chain: Chain, profile: Profile, start?: StartSummary) {
  return {
    scenario: chain.scenario,
    seed: chain.seed,
    profile,
    ...(start
      ? {
          start: {
            source: start.source,
            file: start.file,
            chainMs: Math.round(start.chainMs),
            readyMs: start.readyMs === undefined || start.readyMs === null ? null : Math.round(start.readyMs),
            ...(start.build ? { build: start.build } : {}),
          },
        }
      : {}),
    counts: chainCounts(chain),
    headHeight: chain.headHeight,
    /**
     * The node beside the explorer: its JSON-RPC path (HTTP POST and websocket), the chain id it
     * answers, the accounts it signs for (eth_accounts), and the transactions sent to it.
     */
    node: {
      rpc: '/rpc',
      chainId: chain.chainId,
      accounts: chain.signers.map((s) => s.address),
      ...(start?.sends ? { sent: start.sends.accepted, automine: start.sends.automine } : {}),
    },
    openapi: '/api/v2/openapi',
    handles: Object.entries(chain.handles).map(([name, value]) => handleSummary(chain, name, value)),
  };
}
