import type { TxPlan } from '../ledger/plan.js';
import { coinTransfer } from './coinTransfer.js';
import type { Scene } from './context.js';
import { randomDeployment } from './deploy.js';
import { erc1155Burn, erc1155Mint, erc1155Transfer } from './erc1155.js';
import { erc20Approve, erc20Burn, erc20Mint, erc20Transfer } from './erc20.js';
import { erc721ApproveAll, erc721Burn, uniqueMint, uniqueTransfer } from './nft.js';
import { pickAccount } from './pick.js';
import {
  destructiblePing,
  escrowDeposit,
  escrowRefund,
  escrowRelease,
  lendingDeposit,
  liquidation,
  multisigExecute,
  oracleUpdate,
  proxyStake,
  proxyUnstake,
  routerSwap,
  vaultDeposit,
  vaultWithdraw,
} from './protocols.js';

type Generator = (scene: Scene) => TxPlan | null;

/** What random activity does, with relative weights. */
const MIX: readonly (readonly [number, Generator])[] = [
  [34, (s) => coinTransfer(s, pickAccount(s))],
  [16, erc20Transfer],
  [2, (s) => erc20Mint(s)],
  [1, erc20Burn],
  [2, erc20Approve],
  [2, (s) => uniqueMint(s, 'ERC-721')],
  [3, (s) => uniqueTransfer(s, 'ERC-721')],
  [0.3, erc721Burn],
  [0.5, erc721ApproveAll],
  [1, (s) => erc1155Mint(s, 1)],
  [0.5, (s) => erc1155Mint(s, s.rng.int(2, 6))],
  [2, (s) => erc1155Transfer(s, false)],
  [1, (s) => erc1155Transfer(s, true)],
  [0.3, erc1155Burn],
  [0.7, (s) => uniqueMint(s, 'ERC-404')],
  [1.5, (s) => uniqueTransfer(s, 'ERC-404')],
  [3, vaultDeposit],
  [2, vaultWithdraw],
  [3, (s) => routerSwap(s, true)],
  [2, (s) => routerSwap(s, false)],
  [2, (s) => proxyStake(s, false)],
  [1, (s) => proxyUnstake(s, false)],
  [1, (s) => proxyStake(s, true)],
  [0.5, (s) => proxyUnstake(s, true)],
  [0.7, oracleUpdate],
  [0.7, multisigExecute],
  [0.4, liquidation],
  [0.6, lendingDeposit],
  [0.6, escrowDeposit],
  [0.3, escrowRelease],
  [0.2, escrowRefund],
  [0.2, destructiblePing],
];
const WEIGHTS = MIX.map(([w]) => w);

/**
 * One random transaction, or null when nobody can afford one (rare). Falls back to a coin
 * transfer when the chosen kind has nothing to act on.
 */
export function randomTransaction(scene: Scene, label: string): TxPlan | null {
  if (scene.rng.chance(scene.state.scenario.deployRate)) {
    const deployment = randomDeployment(scene, pickAccount(scene), label);
    if (deployment) return deployment;
  }
  const plan = MIX[scene.rng.weighted(WEIGHTS)]![1](scene);
  return plan ?? coinTransfer(scene, pickAccount(scene));
}
