import type { TokenType } from '../../src/chain/types.js';
import { stream } from '../random/stream.js';
import { withFaker } from '../random/withFaker.js';
import type { CreateSpec } from '../ledger/plan.js';

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w.replace(/[^A-Za-z]/g, ''))
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w.slice(0, 3) : w.slice(0, 1)))
    .join('')
    .toUpperCase()
    .slice(0, 5);

/** A token's name, symbol, decimals, price and icon, drawn from its label. */
export function tokenIdentity(seed: string, label: string, type: TokenType): NonNullable<CreateSpec['token']> {
  const rng = stream(seed, `token:${label}`);
  const name = withFaker(seed, `token:${label}`, (f) => {
    switch (type) {
      case 'ERC-20':
        return `${capital(f.word.adjective())} ${f.helpers.arrayElement(['Coin', 'Token', 'Dollar', 'Finance', 'Protocol', 'Credit'])}`;
      case 'ERC-721':
        return `${capital(f.word.adjective())} ${capital(f.animal.type())}s`;
      case 'ERC-1155':
        return `${capital(f.commerce.productAdjective())} ${f.helpers.arrayElement(['Items', 'Badges', 'Artifacts', 'Tickets'])}`;
      case 'ERC-404':
        return `${capital(f.word.noun())} ${f.helpers.arrayElement(['Pandora', 'Shards', 'Fragments'])}`;
    }
  });
  const decimals = type === 'ERC-20' ? rng.pick([18, 18, 18, 6, 8]) : type === 'ERC-404' ? 18 : 0;
  const cents = rng.int(1, 2_500_000);
  const exchangeRate = (cents / 10_000).toFixed(4).replace(/\.?0+$/, '') || '0';
  const symbol = initials(name) || 'TKN';
  return {
    type,
    name,
    symbol,
    decimals,
    exchangeRate,
    iconUrl: rng.chance(0.7) ? `https://assets.explorer-mock.test/tokens/${symbol.toLowerCase()}.png` : null,
  };
}

/** A Solidity-style contract name for a token (`Lively Coin` → `LivelyCoin`). */
export const contractNameOf = (tokenName: string) => tokenName.replace(/[^A-Za-z0-9]/g, '') || 'Token';
