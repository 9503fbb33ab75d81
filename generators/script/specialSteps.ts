import { coinTransfer } from '../activity/coinTransfer.js';
import { erc1155Mint, erc1155Transfer } from '../activity/erc1155.js';
import { gas, hashOf, pickOther } from '../activity/pick.js';
import { liquidation } from '../activity/protocols.js';
import { TYPE } from '../../src/protocol/transactionTypes.js';
import type { TxPlan } from '../ledger/plan.js';
import type { LedgerState } from '../ledger/state.js';
import type { Cast } from './cast.js';
import type { ScriptStep } from './step.js';

/** How many transactions the one-page address takes part in: exactly one page. */
const ONE_PAGE = 50;

const named = (plan: TxPlan | null, handle: string): TxPlan | null => plan && { ...plan, handle };

/** The edge cases every scenario shows at least once, spread over the chain. */
export function specialSteps(state: LedgerState, cast: Cast): ScriptStep[] {
  const blocks = state.scenario.blocks;
  const at = (fraction: number) => Math.max(4, Math.floor(fraction * blocks));
  const c = cast.contracts;
  const steps: ScriptStep[] = [];
  const step = (label: string, fraction: number, plan: ScriptStep['plan']) =>
    steps.push({ label: `special:${label}`, notBefore: at(fraction), plan });

  step('legacy', 0.15, (s) => {
    const plan = coinTransfer(s, cast.eoas[7 % cast.eoas.length]!);
    return plan && { ...plan, type: TYPE.legacy.id, handle: 'legacyTransaction' };
  });
  step('erc1155-batch', 0.2, (s) => {
    const tokenId = cast.tokens['ERC-1155'][0]!;
    const ledger = s.state.tokens.get(tokenId)!;
    const holder = ledger.holders.items.find(
      (id) => ledger.multi.get(id)!.size >= 2 && !s.state.accounts[id]!.contract,
    );
    return named(erc1155Transfer(s, true, tokenId, holder), 'erc1155BatchTransaction');
  });
  step('failed', 0.25, (s) => {
    const tokenId = cast.tokens['ERC-20'][0]!;
    const fromId = cast.eoas[3 % cast.eoas.length]!;
    const held = s.state.tokens.get(tokenId)!.balances.get(fromId) ?? 0n;
    const toId = pickOther(s, fromId);
    return {
      fromId,
      toId: tokenId,
      value: 0n,
      call: { contractKind: 'erc20', functionName: 'transfer', args: [hashOf(s, toId), held + 10n ** 21n] },
      ...gas(s, 23_000, 29_000),
      revertReason: 'ERC20: transfer amount exceeds balance',
      handle: 'failedTransaction',
    };
  });
  step('large-batch', 0.3, (s) =>
    named(erc1155Mint(s, 64, cast.tokens['ERC-1155'][0], cast.eoas[10 % cast.eoas.length]), 'largeBatchTransaction'),
  );
  step('internal-error', 0.35, (s) => {
    const multisig = c.multisig!;
    return {
      fromId: cast.deployerId,
      toId: multisig,
      value: 0n,
      call: { contractKind: 'multisig', functionName: 'executeTransaction', args: [7n] },
      ...gas(s, 60_000, 90_000),
      events: 1,
      internals: [
        {
          type: 'call',
          fromId: multisig,
          toId: c.vault!,
          value: 10n ** 18n,
          gasLimit: 50_000n,
          error: 'execution reverted',
        },
      ],
      handle: 'internalErrorTransaction',
    };
  });
  step('liquidation', 0.4, (s) => {
    // The account given debt tokens at set-up, or else any holder of them who can pay.
    const debtHolders = s.state.tokens.get(cast.tokens['ERC-20'][1]!)!.holders.items;
    for (const liquidator of [cast.eoas[6 % cast.eoas.length]!, ...debtHolders]) {
      const plan = liquidation(s, liquidator);
      if (plan) return named(plan, 'liquidationTransaction');
    }
    return null;
  });
  step('self-destruct', 0.6, (s) => {
    const target = c.destructible!;
    return {
      fromId: cast.deployerId,
      toId: target,
      value: 0n,
      call: { contractKind: 'destructible', functionName: 'destroy', args: [hashOf(s, cast.deployerId)] },
      ...gas(s, 26_000, 35_000),
      internals: [
        {
          type: 'selfdestruct',
          fromId: target,
          toId: cast.deployerId,
          value: s.state.accounts[target]!.balance,
          gasLimit: 0n,
        },
      ],
      handle: 'selfDestructTransaction',
    };
  });

  // The one-page address: exactly 50 transactions, alternately sent and received.
  for (let k = 0; k < ONE_PAGE; k++) {
    steps.push({
      label: `special:one-page:${k}`,
      notBefore: 4 + Math.floor((k * (blocks - 4)) / ONE_PAGE),
      plan: (s) => {
        const other = cast.eoas[(k * 13) % cast.eoas.length]!;
        return k % 2 === 0 ? coinTransfer(s, cast.onePageId, other) : coinTransfer(s, other, cast.onePageId);
      },
    });
  }
  return steps;
}
