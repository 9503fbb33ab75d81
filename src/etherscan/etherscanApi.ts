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
 * Blockscout's Etherscan-compatible API (`/api?module=…&action=…`), as its `RPCTranslator` routes
 * it: both parameters required (HTTP 400 without them), the module and the action looked up
 * lower-cased (400 `Unknown module` / `Unknown action`), any other path under `/api` 404; each
 * action answers in the explorer's envelope, application errors with HTTP 200. Pure: a function of
 * the chain and the parameters.
 */
export function etherscanAnswer(ctx: EtherscanContext, path: string, params: Params): EtherscanAnswer {
  const module = params.get('module');
  const action = params.get('action');
  if (module === undefined || action === undefined)
    return fail("Params 'module' and 'action' are required parameters", null, 400);
  if (!(ETHERSCAN_PATHS as readonly string[]).includes(path)) return fail('Not found', null, 404);
  const actions = Object.hasOwn(MODULES, module.toLowerCase()) ? MODULES[module.toLowerCase()] : undefined;
  if (!actions) return fail('Unknown module', null, 400);
  const run = Object.hasOwn(actions, action.toLowerCase()) ? actions[action.toLowerCase()] : undefined;
  if (!run) return fail('Unknown action', null, 400);
  return run(ctx, params);
}
