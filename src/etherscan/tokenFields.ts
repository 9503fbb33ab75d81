import type { AccountId } from '../chain/types.js';
import type { Facts } from '../domain/facts.js';
import { storedDecimalsOf, tokenOf, unansweredOf } from '../domain/tokens.js';

/**
 * A token's name, symbol and decimals as Blockscout's `/api` writes them (its token record's
 * fields, `to_string`ed where the views do): decimals only for fungible tokens; a view the token's
 * code does not answer is nil in that record (`unansweredOf`), so null for the name and the symbol
 * and "" for the decimals (`to_string(nil)`), where REST v2 shows null for all three.
 */
export function tokenFields(
  facts: Facts,
  id: AccountId,
): { name: string | null; symbol: string | null; decimals: string } {
  const token = tokenOf(facts, id);
  const unanswered = unansweredOf(facts, id);
  const decimals = storedDecimalsOf(facts, id);
  const fungible = token.type === 'ERC-20' || token.type === 'ERC-404';
  return {
    name: unanswered.includes('name') ? null : token.name,
    symbol: unanswered.includes('symbol') ? null : token.symbol,
    decimals: fungible && decimals !== null ? String(decimals) : '',
  };
}
