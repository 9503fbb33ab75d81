import '../../src/app/loadModulesEagerly.js';
import { createChainApp } from '../../src/app/chainApp.js';
import type { Chain } from '../../src/chain/types.js';
import type { HttpAnswer } from '../../src/http/answerHttp.js';

/** An answer's status, headers and body as text. */
export interface TextAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

const text = (answer: HttpAnswer): TextAnswer => ({
  status: answer.status,
  headers: answer.headers,
  body:
    answer.body === null ? '' : typeof answer.body === 'string' ? answer.body : new TextDecoder().decode(answer.body),
});

/** Every API of a chain answered in process (through the HTTP semantics and the answer cache), as the server answers. */
export function inProcessApp(chain: Chain) {
  const app = createChainApp(chain, { profile: 'blockscout' });
  const request = (url: string, method = 'GET', headers: Record<string, string> = {}): TextAnswer => {
    const answer = app.answer({ method, url, header: (name) => headers[name.toLowerCase()] });
    // Only the node's batches answer later, and this app serves no node.
    if (answer instanceof Promise) throw new Error(`${method} ${url} answered later`);
    return text(answer);
  };
  /** A GET under the stats service's prefix that must succeed: its JSON. */
  const stats = (path: string): any => {
    const answer = request(`/stats-service${path}`);
    if (answer.status !== 200) throw new Error(`GET /stats-service${path}: ${answer.status} ${answer.body}`);
    return JSON.parse(answer.body);
  };
  /** A GET of the REST API v2 that must succeed: its JSON. */
  const rest = (path: string): any => {
    const answer = request(`/api/v2${path}`);
    if (answer.status !== 200) throw new Error(`GET /api/v2${path}: ${answer.status} ${answer.body}`);
    return JSON.parse(answer.body);
  };
  return { request, stats, rest };
}

/** The line charts `/lines` lists, in its order (the default Ethereum-like layout, user operations left out). */
export const LISTED_CHARTS: Readonly<Record<string, readonly string[]>> = {
  accounts: ['accountsGrowth', 'activeAccounts', 'newAccounts'],
  transactions: ['averageTxnFee', 'newTxns', 'txnsFee', 'txnsGrowth', 'txnsSuccessRate'],
  blocks: ['averageBlockRewards', 'averageBlockSize', 'newBlocks'],
  tokens: ['newNativeCoinTransfers'],
  gas: ['averageGasLimit', 'averageGasPrice', 'gasUsedGrowth', 'networkUtilization', 'averageGasUsed'],
  contracts: ['contractsGrowth', 'newContracts', 'newVerifiedContracts', 'verifiedContractsGrowth'],
  user_ops: [],
};

/** Every URL (under the prefix) a client of the service can ask with success: each chart in each resolution it offers. */
export function statsUrls(stats: (path: string) => any): string[] {
  const urls = [
    '/api/v1/counters',
    '/api/v1/lines',
    '/api/v1/pages/main',
    '/api/v1/pages/transactions',
    '/api/v1/pages/contracts',
    '/api/v1/update-status',
    '/health',
    '/api/v1/lines/newTxnsWindow',
  ];
  for (const section of stats('/api/v1/lines').sections)
    for (const chart of section.charts)
      for (const resolution of chart.resolutions) urls.push(`/api/v1/lines/${chart.id}?resolution=${resolution}`);
  return urls;
}
