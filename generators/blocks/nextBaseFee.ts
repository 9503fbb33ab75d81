/** Elasticity multiplier and base-fee change denominator of EIP-1559. */
const ELASTICITY = 2;
const CHANGE_DENOMINATOR = 8n;

/** The base fee of the block after a parent with these values (EIP-1559). */
export function nextBaseFee(parent: {
  readonly baseFeePerGas: bigint;
  readonly gasUsed: number;
  readonly gasLimit: number;
}): bigint {
  const target = BigInt(Math.floor(parent.gasLimit / ELASTICITY));
  const used = BigInt(parent.gasUsed);
  const fee = parent.baseFeePerGas;
  if (used === target) return fee;
  if (used > target) {
    const delta = (fee * (used - target)) / target / CHANGE_DENOMINATOR;
    return fee + (delta > 1n ? delta : 1n);
  }
  return fee - (fee * (target - used)) / target / CHANGE_DENOMINATOR;
}
