import type { Call, ContractEvent } from '../../src/chain/types.js';
import type { LedgerState, TokenApprovals } from './state.js';

const MAX_UINT256 = 2n ** 256n - 1n;
const lower = (value: unknown) => String(value).toLowerCase();

/** A token's approvals in the ledger (made on first use). */
export function approvalsOf(state: LedgerState, tokenId: number): TokenApprovals {
  let approvals = state.approvals.get(tokenId);
  if (!approvals)
    state.approvals.set(tokenId, (approvals = { allowances: new Map(), approved: new Map(), operators: new Set() }));
  return approvals;
}

/**
 * Keeps the ledger's approvals as the chain's logs state them (the rule `eth_call` reads them by,
 * `src/domain/tokenState.ts`): an ERC-20 Approval sets an allowance, a successful `transferFrom`
 * spends it (an unlimited one stays); an ERC-721 Approval names the id's approved account, until
 * the id moves; ApprovalForAll adds or removes an operator. Whoever sent the transaction: a
 * generated, scripted or sent one.
 */
export function trackApprovals(
  state: LedgerState,
  events: readonly ContractEvent[],
  call: Call | null,
  calleeId: number,
  callerLower: string,
): void {
  for (const e of events) {
    const token = state.tokens.get(e.emitterId);
    if (!token) continue;
    if (e.name === 'Approval' && token.type === 'ERC-20')
      approvalsOf(state, e.emitterId).allowances.set(
        `${lower(e.args[0])}:${lower(e.args[1])}`,
        BigInt(e.args[2] as bigint),
      );
    else if (e.name === 'Approval' && token.type === 'ERC-721')
      approvalsOf(state, e.emitterId).approved.set(BigInt(e.args[2] as bigint), lower(e.args[1]));
    else if (e.name === 'ApprovalForAll') {
      const operators = approvalsOf(state, e.emitterId).operators;
      const pair = `${lower(e.args[0])}:${lower(e.args[1])}`;
      if (e.args[2]) operators.add(pair);
      else operators.delete(pair);
    }
  }
  if (call?.functionName === 'transferFrom' && state.tokens.get(calleeId)?.type === 'ERC-20') {
    const allowances = approvalsOf(state, calleeId).allowances;
    const key = `${lower(call.args[0])}:${callerLower}`;
    const left = allowances.get(key) ?? 0n;
    if (left !== MAX_UINT256) {
      const spent = left - BigInt(call.args[2] as bigint);
      allowances.set(key, spent > 0n ? spent : 0n);
    }
  }
}
