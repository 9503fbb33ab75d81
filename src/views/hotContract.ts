import type { HotContract } from '../domain/hotContracts.js';
import { addressRef } from './addressRef.js';
import type { ViewContext } from './context.js';

/** An item of `/stats/hot-smart-contracts` (the explorer's `StatsView`): its counts as strings, its balance in wei now. */
export const hotContractJson = (ctx: ViewContext, row: HotContract): string =>
  JSON.stringify({
    balance: String(ctx.chain.accounts[row.contract]!.balance),
    contract_address: addressRef(ctx, row.contract),
    total_gas_used: String(row.gasUsed),
    transactions_count: String(row.transactions),
  });
