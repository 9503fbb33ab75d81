/**
 * A float as Elixir's `to_string` writes it (Erlang's shortest round trip): `150.0`, `12345.6`,
 * but `1.0e3` and `3.6e3` where the exponent form is shorter. For values of at least 1.
 */
export function elixirFloat(x: number): string {
  const [whole, fraction = ''] = String(x).split('.');
  if (fraction) return `${whole}.${fraction}`;
  const digits = whole!.replace(/0+$/, '');
  const place = whole!.length;
  const length = digits.length;
  const fixedFits = place - length + 2 <= String(place - 1).length + 1 + (length === 1 ? 2 : 1);
  return fixedFits ? `${whole}.0` : `${digits[0]}.${digits.slice(1) || '0'}e${place - 1}`;
}
