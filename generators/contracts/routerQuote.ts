/** The router's fixed quote: 2,000 of its token per coin, the token's decimals applied. Both ways round down. */
const ETHER = 10n ** 18n;
const TOKENS_PER_COIN = 2_000n;

export const coinToTokens = (wei: bigint, decimals: number): bigint =>
  (wei * TOKENS_PER_COIN * 10n ** BigInt(decimals)) / ETHER;
export const tokensToCoin = (units: bigint, decimals: number): bigint =>
  (units * ETHER) / (TOKENS_PER_COIN * 10n ** BigInt(decimals));
