import { accountActions } from './account.js';
import { blockActions } from './block.js';
import { contractActions } from './contract.js';
import { gastrackerActions } from './gastracker.js';
import { logsActions } from './logs.js';
import { proxyActions } from './proxy.js';
import { statsActions } from './stats.js';
import { tokenActions } from './token.js';
import { transactionActions } from './transaction.js';
import {
  type Action,
  type EtherscanV2Answer,
  type EtherscanV2Context,
  type EtherscanV2Request,
  envelope,
  notOk,
} from './envelope.js';
import { caseBlind } from './params.js';
import { TEXTS } from './texts.js';

/** Every module and its actions, by lower-case name. */
const MODULES: Readonly<Record<string, Readonly<Record<string, Action>>>> = {
  account: accountActions,
  contract: contractActions,
  transaction: transactionActions,
  block: blockActions,
  logs: logsActions,
  token: tokenActions,
  gastracker: gastrackerActions,
  stats: statsActions,
  proxy: proxyActions,
};

/** The actions that change what the mock serves (a verification, a send): taken by POST only, and from a page that may. */
const WRITE_ACTIONS: ReadonlySet<string> = new Set([
  'verifysourcecode',
  'verifyproxycontract',
  'eth_sendrawtransaction',
]);

const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

/** `chainid` names the chain served: one decimal id, equal to the chain's. */
function servesChain(ctx: EtherscanV2Context, chainid: string | undefined): boolean {
  const text = chainid?.trim();
  return text !== undefined && /^\d{1,15}$/.test(text) && Number(text) === ctx.chain.chainId;
}

/**
 * Etherscan's API v2 (`/v2/api?chainid=N&module=…&action=…`): parameter names read case-blind,
 * `chainid` required and checked against the chain's id, then the key (when one is required),
 * then the module and action (lower-cased); every answer HTTP 200 in Etherscan's envelope (the
 * proxy module's in JSON-RPC's). Pure: a function of the chain and the parameters, but for the
 * node's sends and the verifications, which the API exists to make: those by POST only (a GET
 * changes nothing: 405, as a link or an `<img>` on any page could send one), and from a page that
 * may (403).
 */
export function etherscanV2Answer(
  ctx: EtherscanV2Context,
  raw: ReadonlyMap<string, string>,
  request: EtherscanV2Request = { method: 'POST' },
): EtherscanV2Answer {
  const params = caseBlind(raw);
  if (!servesChain(ctx, params.get('chainid'))) return notOk(TEXTS.chainId);
  if (ctx.apiKey !== undefined && params.get('apikey') !== ctx.apiKey) return notOk(TEXTS.apiKey);
  const actions = own(MODULES, (params.get('module') ?? '').trim().toLowerCase());
  if (!actions) return notOk(TEXTS.module);
  const action = (params.get('action') ?? '').trim().toLowerCase();
  const run = own(actions, action);
  if (!run) return notOk(TEXTS.action);
  if (WRITE_ACTIONS.has(action)) {
    if (request.method === 'GET')
      return {
        ...envelope(
          '0',
          'NOTOK',
          `Error! ${action} changes what explorer-mock serves, and it changes nothing by GET (a link or an <img> on any page could send one): send it by POST, as hardhat-verify, forge and ethers do`,
        ),
        status: 405,
        headers: { allow: 'POST, OPTIONS' },
      };
    if (request.writeRefusal) return { ...envelope('0', 'NOTOK', `Error! ${request.writeRefusal}`), status: 403 };
  }
  return run(ctx, params, request);
}

/** `/v2/chainlist`: the chains served (this one), in Etherscan's shape; URLs relative to the mock. */
export function chainList(ctx: Pick<EtherscanV2Context, 'chain'>): EtherscanV2Answer {
  const { chain } = ctx;
  const item = {
    chainname: `explorer-mock ${chain.scenario.name}`,
    chainid: String(chain.chainId),
    blockexplorer: '/',
    apiurl: `/v2/api?chainid=${chain.chainId}`,
    status: 1,
  };
  return {
    status: 200,
    body: JSON.stringify({ comments: 'The chain explorer-mock serves', totalcount: 1, result: [item] }),
  };
}
