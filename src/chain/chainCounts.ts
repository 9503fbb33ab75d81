import type { Chain } from './types.js';

/** How many of each entity a chain holds (what the CLI's `--json` line and the home page show). */
export const chainCounts = (chain: Chain) => ({
  blocks: chain.blocks.length,
  transactions: chain.transactions.length,
  addresses: chain.accounts.length,
  tokenTransfers: chain.tokenTransfers.length,
  internalTransactions: chain.internalTransactions.length,
  withdrawals: chain.withdrawals.length,
  uncles: chain.uncles.length,
  reorgs: chain.reorgs.length,
  tokens: chain.accounts.filter((a) => a.contract?.token).length,
  contracts: chain.accounts.filter((a) => a.contract).length,
});
