import type { AccountId } from '../chain/types.js';
import { artifactsOf } from './contracts.js';
import type { Facts } from './facts.js';

/**
 * Why a verification fails, in the explorer's words (`SmartContract.error_message/1` in
 * `apps/explorer/lib/explorer/chain/smart_contract.ex`). Its Etherscan-compatible API only answers
 * `Fail - Unable to verify`, as Etherscan's does; the mock adds the reason in a header
 * (`x-mock-verification-error`).
 */
export const VERIFY_FAILURES = {
  json: 'Invalid JSON file.',
  name: 'Wrong contract name, please try again.',
  compilerVersion: 'Compiler version does not match, please try again.',
  bytecode: 'Bytecode does not match, please try again.',
  constructorArguments: 'Constructor arguments do not match, please try again.',
  compilation: 'There was an error compiling your contract.',
} as const;

/** What a submission says it compiles to the contract with. */
export interface VerificationClaim {
  readonly name: string;
  readonly compilerVersion: string;
  readonly optimization: boolean;
  /** The optimizer's runs (solc's default, 200, when not given). */
  readonly runs: number;
  /** `default` when not given: the compiler's own. */
  readonly evmVersion: string;
  /** `constructorArguments` as sent (hex), when sent. */
  readonly constructorArguments: string | undefined;
}

/**
 * Why the code the ledger holds cannot come from a submission, as far as a check without a
 * compiler tells, in the order the explorer's verifier finds it (`Verifier.compare_bytecodes`): the
 * compiler version the code's metadata names; for a partially verified contract, the record the
 * explorer keeps of its match (the same contract, compiler and settings compile to the same code);
 * the constructor arguments at the end of the creation input. Null when nothing contradicts it.
 */
export function mismatchOf(facts: Facts, id: AccountId, claim: VerificationClaim): string | null {
  const artifacts = artifactsOf(facts, id);
  const claimed = versionOf(claim.compilerVersion);
  const coded = metadataVersion(artifacts.deployedBytecode);
  if (coded !== null && claimed !== coded) return VERIFY_FAILURES.compilerVersion;
  if (facts.chain.accounts[id]!.contract!.verification === 'partial') {
    if (claimed !== versionOf(artifacts.compilerVersion)) return VERIFY_FAILURES.compilerVersion;
    const settingsDiffer =
      claim.name !== artifacts.name ||
      claim.optimization !== artifacts.optimizationEnabled ||
      (claim.optimization && claim.runs !== artifacts.optimizationRuns) ||
      (claim.evmVersion !== 'default' && claim.evmVersion.toLowerCase() !== artifacts.evmVersion.toLowerCase());
    if (settingsDiffer) return VERIFY_FAILURES.bytecode;
  }
  if (claim.constructorArguments) {
    const sent = claim.constructorArguments.replace(/^0x/i, '').toLowerCase();
    const recorded = (artifacts.constructorArgs ?? '0x').slice(2).toLowerCase();
    // Arguments the ledger does not hold apart (a client's deployment keeps its creation input
    // whole) must end that input, where the explorer finds them after the compiled code.
    const fits =
      recorded === ''
        ? sent.length % 64 === 0 && artifacts.creationBytecode.toLowerCase().endsWith(sent)
        : sent === recorded;
    if (!fits) return VERIFY_FAILURES.constructorArguments;
  }
  return null;
}

/** A compiler version's numbers (`v0.8.24+commit.e11b9ed9` is `0.8.24`), or null when it names none. */
export function versionOf(text: string): string | null {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match ? `${Number(match[1])}.${Number(match[2])}.${Number(match[3])}` : null;
}

/**
 * The compiler version a runtime bytecode's CBOR metadata names (solc's `solc` bytes, Vyper's
 * `vyper` array), or null when the code carries none (a minimal proxy, code given without it).
 */
export function metadataVersion(code: string): string | null {
  const hex = code.toLowerCase();
  if (hex.length < 8) return null;
  const length = Number.parseInt(hex.slice(-4), 16);
  const cbor = hex.slice(Math.max(2, hex.length - 4 - length * 2), -4);
  // "solc": a 3-byte string; "vyper": an array of three small integers.
  const match =
    /64736f6c6343([\da-f]{2})([\da-f]{2})([\da-f]{2})|65767970657283([\da-f]{2})([\da-f]{2})([\da-f]{2})/.exec(cbor);
  if (!match) return null;
  const [a, b, c] = (match[1] !== undefined ? match.slice(1, 4) : match.slice(4, 7)).map((x) =>
    Number.parseInt(x!, 16),
  );
  return `${a}.${b}.${c}`;
}
