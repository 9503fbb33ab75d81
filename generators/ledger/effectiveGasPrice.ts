/**
 * What a type-2 transaction pays per gas: the base fee plus its tip, capped by its max fee
 * (EIP-1559). The one rule both the chain builder and the arbitraries use.
 */
export const effectiveGasPrice = (baseFee: bigint, maxFeePerGas: bigint, maxPriorityFeePerGas: bigint): bigint =>
  maxFeePerGas < baseFee + maxPriorityFeePerGas ? maxFeePerGas : baseFee + maxPriorityFeePerGas;
