import type { AccountId, SubmittedSource } from '../chain/types.js';
import type { VerificationState, Verifier } from '../domain/verifier.js';

/** The verifications clients submitted to a server (the Etherscan APIs' `verifysourcecode`), until reset. */
export interface Verifications {
  /** What the Etherscan APIs record submissions with and read their status from. */
  readonly verifier: Verifier;
  /** The sources that passed, by contract: the chain is served with them. */
  readonly submitted: ReadonlyMap<AccountId, SubmittedSource>;
  /** Forgets every submission and status (a reset). */
  clear(): void;
}

/**
 * The verifier's state: submissions by contract and their GUIDs' statuses. A status changes what
 * its GUID's poll answers (`statusChanged`); a verification that passes, the first for its
 * contract, changes the chain (`verified`: the contract's name and sources, now in `submitted`).
 */
export function createVerifications(on: {
  readonly statusChanged: () => void;
  readonly verified: (id: AccountId) => void;
}): Verifications {
  const submitted = new Map<AccountId, SubmittedSource>();
  const guids = new Map<string, VerificationState>();
  const proxyGuids = new Map<string, { readonly id: AccountId; readonly passed: boolean }>();
  const verifier: Verifier = {
    record(guid, id, outcome) {
      if (!('source' in outcome)) {
        guids.set(guid, { status: 'fail', reason: outcome.reason });
        return on.statusChanged();
      }
      guids.set(guid, { status: 'pass' });
      if (submitted.has(id)) return on.statusChanged();
      submitted.set(id, outcome.source);
      on.verified(id);
    },
    recordProxy(guid, id, passed) {
      proxyGuids.set(guid, { id, passed });
      on.statusChanged();
    },
    state: (guid) => guids.get(guid),
    proxyState: (guid) => proxyGuids.get(guid),
  };
  return {
    verifier,
    submitted,
    clear() {
      submitted.clear();
      guids.clear();
      proxyGuids.clear();
    },
  };
}
