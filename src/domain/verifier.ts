import type { AccountId, SubmittedSource } from '../chain/types.js';

/**
 * How a verification submitted through an Etherscan-style API went, by its GUID: passed, failed and
 * why (the explorer's text), or still compiling (`pending`).
 */
export type VerificationState =
  | {
      readonly status: 'pass';
      /** How the mock checked it, where it compiled it (`compiled with solc 0.8.30+commit.73712a01`). */
      readonly how?: string;
    }
  | { readonly status: 'fail'; readonly reason: string }
  | { readonly status: 'pending' };

/** A submission's outcome: the sources it verifies the contract with, or why it fails. */
export type VerificationOutcome = { readonly source: SubmittedSource } | { readonly reason: string };

/**
 * Where verifications go: the running server's record of them (absent on a chain that cannot
 * change: then the verification actions are unknown, as on an explorer with writing disabled).
 * Both Etherscan-style APIs (Blockscout's `/api`, Etherscan's `/v2/api`) record into the same one.
 */
export interface Verifier {
  /**
   * Records a submission's outcome under its GUID; a passing one verifies the contract from now on,
   * unless one passed before (the first stands until reset, as the explorer then refuses the rest).
   */
  record(guid: string, id: AccountId, outcome: VerificationOutcome): void;
  /** A proxy verification's outcome under its GUID. */
  recordProxy(guid: string, id: AccountId, passed: boolean): void;
  state(guid: string): VerificationState | undefined;
  proxyState(guid: string): { readonly id: AccountId; readonly passed: boolean } | undefined;
}

/**
 * The headers a poll of a settled verification carries beside the explorer's answer (which never
 * says why or how): a failure's reason in `x-mock-verification-error`, a compiled pass's
 * `x-mock-verification`; exposed, so a page of another origin can read them too.
 */
export function statusHeaders(state: VerificationState): Record<string, string> {
  const [name, value] =
    state.status === 'fail'
      ? ['x-mock-verification-error', state.reason]
      : state.status === 'pass' && state.how !== undefined
        ? ['x-mock-verification', state.how]
        : [null, null];
  return name === null ? {} : { [name]: value!, 'access-control-expose-headers': name };
}
