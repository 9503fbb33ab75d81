import type { Abi } from 'abitype';
import type { AccountId, SubmittedSource } from '../chain/types.js';
import { VERIFY_FAILURES } from '../domain/verificationChecks.js';
import type { VerificationState, Verifier } from '../domain/verifier.js';

/** What a compile told of a submission: why it fails, or null; how it was checked; the ABI it compiled to. */
export interface CompileOutcome {
  readonly failure: string | null;
  readonly how?: string;
  readonly abi?: Abi;
}

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
  /**
   * Compiles a submission that passed the checks made without a compiler, where a compiler applies
   * to it: why its code is not the contract's (the explorer's text), or null. Null instead of a
   * promise where none applies (the submission then passes as it is).
   */
  readonly compiled?: (id: AccountId, source: SubmittedSource) => Promise<CompileOutcome> | null;
}): Verifications {
  const submitted = new Map<AccountId, SubmittedSource>();
  const guids = new Map<string, VerificationState>();
  const proxyGuids = new Map<string, { readonly id: AccountId; readonly passed: boolean }>();
  /** Bumped by a reset: a compile that ends after it records nothing. */
  let generation = 0;
  const settle = (guid: string, id: AccountId, source: SubmittedSource, { failure, how, abi }: CompileOutcome) => {
    if (failure !== null) {
      guids.set(guid, { status: 'fail', reason: failure });
      return on.statusChanged();
    }
    guids.set(guid, how === undefined ? { status: 'pass' } : { status: 'pass', how });
    if (submitted.has(id)) return on.statusChanged();
    submitted.set(id, abi ? { ...source, abi } : source);
    on.verified(id);
  };
  const verifier: Verifier = {
    record(guid, id, outcome) {
      if (!('source' in outcome)) {
        guids.set(guid, { status: 'fail', reason: outcome.reason });
        return on.statusChanged();
      }
      const compiling = on.compiled?.(id, outcome.source) ?? null;
      if (compiling === null) return settle(guid, id, outcome.source, { failure: null });
      // Pending in queue, as the explorer's verifier answers while it compiles.
      guids.set(guid, { status: 'pending' });
      on.statusChanged();
      const started = generation;
      void compiling
        .catch(
          (error: unknown): CompileOutcome => ({
            failure: `${VERIFY_FAILURES.compilation} ${(error as Error).message}`,
          }),
        )
        .then((compiled) => {
          if (generation === started) settle(guid, id, outcome.source, compiled);
        });
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
      generation++;
      submitted.clear();
      guids.clear();
      proxyGuids.clear();
    },
  };
}
