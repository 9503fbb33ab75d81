/** What became of an authorization of a set-code transaction (EIP-7702), in the explorer's words: `ok` when it applied. */
export type AuthorizationStatus = 'ok' | 'invalid_chain_id' | 'invalid_signature' | 'invalid_nonce';

/** The largest nonce an authorization may name (EIP-7702: below 2^64 − 1). */
const MAX_NONCE = 2n ** 64n - 1n;

/**
 * Whether an authorization of a set-code transaction applies (EIP-7702), checked in the EIP's
 * order: for chain id 0 or the chain's own, under the largest nonce, signed, and naming its
 * authority's nonce now (the sender's own already counts the transaction). Anything else is
 * skipped, the transaction going on, with the status the explorer records for it.
 */
export function authorizationStatus(
  authorization: { readonly chainId: number; readonly nonce: bigint; readonly signed: boolean },
  chainId: number,
  authorityNonce: number,
): AuthorizationStatus {
  if (authorization.chainId !== 0 && authorization.chainId !== chainId) return 'invalid_chain_id';
  if (authorization.nonce >= MAX_NONCE) return 'invalid_nonce';
  if (!authorization.signed) return 'invalid_signature';
  return authorization.nonce === BigInt(authorityNonce) ? 'ok' : 'invalid_nonce';
}

/** The code an authority runs once delegated (EIP-7702's delegation designator): 0xef0100 and the address. */
export const delegationDesignator = (address: string): `0x${string}` => `0xef0100${address.slice(2).toLowerCase()}`;
