/**
 * A number as Rust's `f64` `Display` writes it, which is how the stats service writes its float
 * values: the shortest digits that read back as the same number (as JavaScript's), but never with
 * an exponent and never with a trailing `.0` (`3` → `"3"`, `1e-7` → `"0.0000001"`).
 *
 * @example
 * f64Display(12.04); // '12.04'
 * f64Display(1.5e21); // '1500000000000000000000'
 */
export function f64Display(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (Object.is(x, -0)) return '-0';
  const text = String(x);
  const e = text.indexOf('e');
  if (e < 0) return text;
  const sign = x < 0 ? '-' : '';
  const [whole = '', fraction = ''] = text.slice(sign.length, e).split('.');
  const digits = whole + fraction;
  const point = whole.length + Number(text.slice(e + 1));
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
