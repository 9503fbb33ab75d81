/** Significant digits kept of a quotient before it is read as a double (more than the 17 a double needs). */
const DIGITS = 24;

/**
 * The double nearest `numerator / denominator` (0 when the denominator is 0): what the service's
 * SQL gives when it divides exact sums (`(SUM(fee) / 1e18)::FLOAT`), without the error of dividing
 * two doubles.
 *
 * @example
 * decimalRatio(21_000n * 10n ** 9n, 10n ** 18n); // 0.000021
 */
export function decimalRatio(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) return 0;
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const scale = DIGITS + Math.max(0, d.toString().length - n.toString().length);
  const quotient = (n * 10n ** BigInt(scale)) / d;
  return Number(`${negative ? '-' : ''}${quotient}e-${scale}`);
}
