import type { AccountId, Chain, SubmittedSource } from './types.js';

/**
 * The chain with the verifications clients submitted to the running server: each such contract
 * verified (fully) with its submitted sources. The same chain when there are none; otherwise a
 * copy sharing everything but the accounts array (ids and every table stay as they are).
 */
export function withSubmitted(chain: Chain, submitted: ReadonlyMap<AccountId, SubmittedSource>): Chain {
  if (!submitted.size) return chain;
  const accounts = chain.accounts.slice();
  for (const [id, source] of submitted) {
    const account = accounts[id]!;
    accounts[id] = {
      ...account,
      name: source.name,
      contract: { ...account.contract!, name: source.name, verification: 'full', submitted: source },
    };
  }
  return { ...chain, accounts };
}
