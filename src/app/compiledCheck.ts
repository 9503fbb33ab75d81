import type { AccountId, Chain, SubmittedSource } from '../chain/types.js';
import { codeAt } from '../domain/contracts.js';
import { factsOf } from '../domain/facts.js';
import { versionOf } from '../domain/verificationChecks.js';
import { withModules } from '../lazy/lazyModule.js';
import type { CompileOutcome } from './verifications.js';
import { compiledOutcome, type SolcCompiler } from './solcCompiler.js';

/**
 * The verifier's compile step with `compiler`: a submission for a contract whose code is its own
 * (deployed by a client, or a scenario's artifact; generated contracts have drawn code no source
 * compiles to) is compiled where the compiler's version is the one it names, and its runtime code
 * compared with the code at the contract's address now (`chain()`); otherwise it stands on the
 * checks made without a compiler. The outcome says how it was checked, and gives the ABI compiled.
 */
export const compiledCheck =
  (compiler: SolcCompiler, chain: () => Chain) =>
  (id: AccountId, source: SubmittedSource): Promise<CompileOutcome> | null => {
    const now = chain();
    const contract = now.accounts[id]!.contract;
    if (contract?.kind !== 'custom' || !contract.custom?.deployedBytecode) return null;
    const facts = factsOf(now);
    return (async () => {
      const deployed = await withModules(() => codeAt(facts, id, now.headHeight));
      const version = await compiler.version();
      if (versionOf(version) !== versionOf(source.compilerVersion)) return { failure: null };
      return { ...(await compiledOutcome(compiler, source, deployed)), how: `compiled with solc ${version}` };
    })();
  };
