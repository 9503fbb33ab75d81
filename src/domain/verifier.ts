import type { AccountId, SubmittedSource } from '../chain/types.js';

/** How a verification submitted through an Etherscan-style API went, by its GUID. */
export type VerificationState = 'pass' | 'fail';

/**
 * Where verifications go: the running server's record of them (absent on a chain that cannot
 * change: then the verification actions are unknown, as on an explorer with writing disabled).
 * Both Etherscan-style APIs (Blockscout's `/api`, Etherscan's `/v2/api`) record into the same one.
 */
export interface Verifier {
  /** Records a submission's outcome under its GUID; a passing one verifies the contract from now on. */
  record(guid: string, id: AccountId, source: SubmittedSource | null): void;
  /** A proxy verification's outcome under its GUID. */
  recordProxy(guid: string, id: AccountId, passed: boolean): void;
  state(guid: string): VerificationState | undefined;
  proxyState(guid: string): { readonly id: AccountId; readonly passed: boolean } | undefined;
}
