/** `amount / 10^decimals` as a decimal string without trailing zeros. */
export function unitsToDecimal(amount: bigint, decimals: number): string {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Multiplies a decimal price string by an integer amount of units with `decimals`, to 2–6 places. */
export function marketValue(price: string, amount: bigint, decimals: number): string {
  return unitsToDecimal(marketValueMicros(price, amount, decimals), 6);
}

/** `marketValue` in millionths of a USD, for comparing values. */
export function marketValueMicros(price: string, amount: bigint, decimals: number): bigint {
  const [whole = '0', fraction = ''] = price.split('.');
  const priceScaled = BigInt(whole + fraction.padEnd(6, '0').slice(0, 6)); // price × 10^6
  return (priceScaled * amount) / 10n ** BigInt(decimals);
}

/** Decimals of the native coin. */
export const COIN_DECIMALS = 18;

/**
 * The native coin's supply in whole coins, as the explorer's `/addresses` sends it (its UI divides
 * each balance, converted to coins, by it): a decimal string without trailing zeros.
 */
export const coinSupply = (wei: bigint): string => unitsToDecimal(wei, COIN_DECIMALS);
