import { type AccountId, type Chain, NONE } from '../../chain/types.js';

/** A time as the explorer's CSV writes an Elixir `DateTime`: `2024-05-01 12:00:00.000000Z`. */
export const csvDateTime = (unixSeconds: number): string =>
  `${new Date(unixSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ')}.000000Z`;

/** An account's EIP-55 address, or an empty field for none. */
export const csvAddress = (chain: Chain, id: AccountId): string | null =>
  id === NONE ? null : chain.accounts[id]!.hash;

/** A decimal in XSD's canonical form, as Elixir's `Decimal.to_string(d, :xsd)` writes it: no trailing zeros, but always a fraction digit (`1.0`, `0.5`). */
export function xsdDecimal(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  const trimmedWhole = whole.replace(/^(-?)0+(?=\d)/, '$1');
  const trimmedFraction = fraction.replace(/0+$/, '');
  return `${trimmedWhole}.${trimmedFraction || '0'}`;
}
