import type { Token } from '../chain/types.js';

/**
 * A token's name, symbol and decimals as Blockscout's `/api` writes them (its token record's
 * fields, `to_string`ed where the views do): decimals only for fungible tokens; a view the token's
 * own code did not answer is nil in that record, so null for the name and the symbol and "" for
 * the decimals (`to_string(nil)`), where REST v2 shows null for all three.
 */
export function tokenFields(token: Token): { name: string | null; symbol: string | null; decimals: string } {
  const unanswered = token.unanswered ?? [];
  const fungible = token.type === 'ERC-20' || token.type === 'ERC-404';
  return {
    name: unanswered.includes('name') ? null : token.name,
    symbol: unanswered.includes('symbol') ? null : token.symbol,
    decimals: fungible && !unanswered.includes('decimals') ? String(token.decimals) : '',
  };
}
