import { accountActions } from './account.js';
import { blockActions } from './block.js';
import { contractActions } from './contract.js';
import {
  type Action,
  ETHERSCAN_PATHS,
  type EtherscanAnswer,
  type EtherscanContext,
  fail,
  type Params,
} from './envelope.js';
import { logsActions } from './logs.js';
import { statsActions } from './stats.js';
import { tokenActions } from './token.js';
import { transactionActions } from './transaction.js';

/** Every module and its actions, by lower-case name (the explorer lower-cases both). */
const MODULES: Readonly<Record<string, Readonly<Record<string, Action>>>> = {
  account: accountActions,
  block: blockActions,
  contract: contractActions,
  logs: logsActions,
  stats: statsActions,
  token: tokenActions,
  transaction: transactionActions,
};

/**
 * The actions that change what the explorer serves (the explorer's `write_actions`, `[:verify]` in
 * its router, are the same ones): the mock takes them by POST only, and from a page that may.
 */
const WRITE_ACTIONS: ReadonlySet<string> = new Set(['verifysourcecode', 'verifyproxycontract']);

/** How the request came: by GET (which changes nothing here), or by POST and why it may not change state, when it may not. */
export type EtherscanRequest = { readonly method: 'GET' } | { readonly method: 'POST'; readonly writeRefusal?: string };

/**
 * Blockscout's Etherscan-compatible API (`/api?module=…&action=…`), as its `RPCTranslator` routes
 * it: both parameters required (HTTP 400 without them), the module and the action looked up
 * lower-cased (400 `Unknown module` / `Unknown action`), any other path under `/api` 404; each
 * action answers in the explorer's envelope, application errors with HTTP 200. Pure: a function of
 * the chain and the parameters. Unlike the explorer, a verification by GET is refused (405: a link
 * or an `<img>` on any page could send one), and so is one from a page that may not change state (403).
 */
export function etherscanAnswer(
  ctx: EtherscanContext,
  path: string,
  params: Params,
  request: EtherscanRequest = { method: 'POST' },
): EtherscanAnswer {
  const module = params.get('module');
  const action = params.get('action');
  if (module === undefined || action === undefined)
    return fail("Params 'module' and 'action' are required parameters", null, 400);
  if (!(ETHERSCAN_PATHS as readonly string[]).includes(path)) return fail('Not found', null, 404);
  const actions = Object.hasOwn(MODULES, module.toLowerCase()) ? MODULES[module.toLowerCase()] : undefined;
  if (!actions) return fail('Unknown module', null, 400);
  const run = Object.hasOwn(actions, action.toLowerCase()) ? actions[action.toLowerCase()] : undefined;
  if (!run) return fail('Unknown action', null, 400);
  if (ctx.verifier && WRITE_ACTIONS.has(action.toLowerCase())) {
    if (request.method === 'GET')
      return {
        ...fail(
          `${action.toLowerCase()} changes what the explorer serves, and explorer-mock changes nothing by GET (a link or an <img> on any page could send one): send it by POST, as hardhat-verify and forge do`,
          null,
          405,
        ),
        headers: { allow: 'POST, OPTIONS' },
      };
    if (request.writeRefusal) return fail(request.writeRefusal, null, 403);
  }
  return run(ctx, params);
}
