import { CATALOGUE_COMPILERS } from '../../generators/contracts/compiler.js';
import type { ContractArtifacts, ContractArtifactsInput } from '../../generators/contracts/contractArtifacts.js';
import { type Account, type AccountId, NONE, type StateEdit } from '../chain/types.js';
import { isVerified } from './accounts.js';
import type { Facts } from './facts.js';
import { delegatedCodeAt } from './delegations.js';
import { lazyModules } from './lazyModules.js';
import { stream } from '../../generators/random/stream.js';

/** What the catalogue needs to derive a contract's code and verification record. */
function artifactsInput(facts: Facts, account: Account): ContractArtifactsInput {
  const { chain } = facts;
  const contract = account.contract!;
  const implementation = contract.implementationId >= 0 ? chain.accounts[contract.implementationId]! : null;
  const library = chain.handles.library
    ? chain.accounts[chain.accountByHash.get(chain.handles.library.toLowerCase())!]!
    : null;
  const token = contract.token;
  return {
    seed: chain.seed,
    kind: contract.kind,
    address: account.hash,
    name: contract.name,
    label: contract.label,
    bytecodeLabel: contract.bytecodeLabel,
    constructorArgs: contract.constructorArgs,
    token: token ? { name: token.name, symbol: token.symbol, decimals: token.decimals } : null,
    implementationAddress: implementation?.hash ?? null,
    implementationKind: implementation?.contract?.kind ?? null,
    libraryAddress: library?.hash ?? null,
    createdAt: chain.blocks.at(creationBlockOf(facts, account.id))!.timestamp,
    // A minimal proxy shows its implementation's code and source.
    custom: contract.custom ?? (contract.kind === 'minimal-proxy' ? implementation?.contract?.custom : null) ?? null,
  };
}

/** The block a contract was created in: 0 for one predeployed at genesis. */
export function creationBlockOf(facts: Facts, id: AccountId): number {
  const creation = facts.chain.accounts[id]!.contract!.creationTransaction;
  return creation === NONE ? 0 : facts.chain.transactions.at(creation)!.block;
}

/** A contract's code and verification record: ABI, sources, compiler, both bytecodes. */
/** Most blocks between a contract's creation and its verification. */
const VERIFIED_WITHIN_BLOCKS = 25;

/**
 * When the explorer verified a contract: the time of a block drawn from the few after its
 * creation, and never past the head (on a living chain, one created in the last blocks is verified
 * at the head until the chain passes its drawn block). Between its creation and the head, always.
 */
function verifiedAtOf(facts: Facts, id: AccountId, drawn: number): number {
  const { chain } = facts;
  const created = creationBlockOf(facts, id);
  const after = verifiedAfter(facts, id);
  // The nearest block the chain holds at or below it (a fragment of a chain, as the arbitraries make, holds few).
  for (let h = Math.min(chain.headHeight, created + after); h >= created; h--) {
    const block = chain.blocks.at(h);
    if (block) return block.timestamp;
  }
  return drawn;
}

/** How many blocks after its creation the explorer verified a generated contract (drawn). */
const verifiedAfter = (facts: Facts, id: AccountId): number =>
  stream(facts.chain.seed, `verified-at:${facts.chain.accounts[id]!.contract!.label}`).int(1, VERIFIED_WITHIN_BLOCKS);

/**
 * Where a verification falls in the order the explorer verified contracts (the order its
 * `contract_methods` rows were inserted in), whatever the head: a generated contract's drawn block
 * (not capped at the head, which would reorder the last few as the chain grows), a client's
 * submission just after the head it was accepted at.
 */
export function verificationOrderOf(facts: Facts, id: AccountId): number {
  const submitted = facts.chain.accounts[id]!.contract!.submitted;
  if (!submitted) return creationBlockOf(facts, id) + verifiedAfter(facts, id);
  // The head then: the newest block at or before its time.
  let [low, high] = [0, facts.chain.headHeight];
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if ((facts.chain.blocks.at(mid)?.timestamp ?? Number.POSITIVE_INFINITY) <= submitted.verifiedAt) low = mid;
    else high = mid - 1;
  }
  return low + 0.5;
}

export const artifactsOf = (facts: Facts, id: AccountId): ContractArtifacts =>
  facts.memo.get(`artifacts:${id}`, () => {
    const account = facts.chain.accounts[id]!;
    const drawn = lazyModules.catalogue.get().contractArtifacts(artifactsInput(facts, account));
    const own = { ...drawn, verifiedAt: verifiedAtOf(facts, id, drawn.verifiedAt) };
    const submitted = account.contract!.submitted;
    if (!submitted) return own;
    // A client's verification: its sources, compiler and settings over the code the ledger holds,
    // and the ABI its compile gave (without a compile, the ABI stays the code's).
    const [main, ...rest] = submitted.sources;
    return {
      ...own,
      abi: submitted.abi?.length ? submitted.abi : own.abi,
      // A client's deployment: the ledger holds no arguments apart, the submission names them.
      ...(own.constructorArgs === null && submitted.constructorArgs
        ? {
            constructorArgs: submitted.constructorArgs,
            decodedConstructorArgs: lazyModules.catalogue
              .get()
              .decodedConstructorArgsOf(submitted.abi?.length ? submitted.abi : own.abi, submitted.constructorArgs),
          }
        : {}),
      name: submitted.name,
      compilerVersion: submitted.compilerVersion,
      evmVersion: submitted.evmVersion,
      optimizationEnabled: submitted.optimization,
      optimizationRuns: submitted.optimization ? submitted.runs : null,
      compilerSettings: submitted.settings,
      sourceCode: main?.content ?? '',
      filePath: main?.path ?? '',
      additionalSources: rest.map((s) => ({ filePath: s.path, sourceCode: s.content })),
      verifiedAt: submitted.verifiedAt,
      verifiedViaRegistry: false,
      registryRepoUrl: null,
      verifiedViaEthBytecodeDb: false,
    };
  });

/** The input of the transaction that created `id`: its creation bytecode with constructor arguments. */
export const creationInput = (facts: Facts, id: AccountId): `0x${string}` => artifactsOf(facts, id).creationBytecode;

/** The verified contract with the same bytecode, for an unverified one (its "verified twin"); null when none. */
export function verifiedTwinOf(facts: Facts, account: Account): Account | null {
  const twins = facts.memo.get('verified-twins', () => {
    const byLabel = new Map<string, Account>();
    for (const a of facts.chain.accounts) {
      if (
        a.contract &&
        a.contract.verification !== 'none' &&
        a.contract.creationStatus !== 'failed' &&
        !byLabel.has(a.contract.bytecodeLabel)
      )
        byLabel.set(a.contract.bytecodeLabel, a);
    }
    return byLabel;
  });
  const twin = twins.get(account.contract!.bytecodeLabel);
  return twin && twin !== account ? twin : null;
}

/** Verified contracts, newest first. */
export const verifiedContracts = (facts: Facts): readonly AccountId[] =>
  facts.memo.get('verified-contracts', () =>
    facts.chain.accounts
      .filter((a) => isVerified(a))
      .map((a) => a.id)
      .reverse(),
  );

/** The language a verified contract (or its verified twin) was written in. */
export function languageOf(facts: Facts, id: AccountId): 'solidity' | 'vyper' {
  const account = facts.chain.accounts[id]!;
  const twin = account.contract!.verification === 'none' ? verifiedTwinOf(facts, account) : null;
  return artifactsOf(facts, twin ? twin.id : id).language;
}

/** Contracts with code (creations that did not fail), in account order. */
export const contractsWithCode = (facts: Facts): readonly AccountId[] =>
  facts.memo.get('contracts-with-code', () =>
    facts.chain.accounts.filter((a) => a.contract && a.contract.creationStatus !== 'failed').map((a) => a.id),
  );

/** The block whose transaction self-destructed a contract, or null while it lives. */
export function destroyedAt(facts: Facts, id: AccountId): number | null {
  const contract = facts.chain.accounts[id]!.contract;
  if (contract?.creationStatus !== 'selfdestructed') return null;
  return facts.memo.get(`destroyed-at:${id}`, () => {
    for (const k of facts.chain.indexes.at(id)!.internalTransactionsFrom) {
      const it = facts.chain.internalTransactions.at(k)!;
      if (it.type === 'selfdestruct' && it.success) return it.block;
    }
    return null;
  });
}

/** The code edits of each account a client set code of (`anvil_setCode`), in chain order. */
const codeEditsBy = (facts: Facts): ReadonlyMap<AccountId, readonly Extract<StateEdit, { kind: 'code' }>[]> =>
  facts.memo.get('code-edits', () => {
    const by = new Map<AccountId, Extract<StateEdit, { kind: 'code' }>[]>();
    for (const edit of facts.chain.stateEdits) {
      if (edit.kind !== 'code') continue;
      let edits = by.get(edit.accountId);
      if (!edits) by.set(edit.accountId, (edits = []));
      edits.push(edit);
    }
    return by;
  });

/**
 * The runtime code of an account once block `height` is sealed: the explorer's deployed bytecode
 * while the contract lives, an EOA's delegation designator while it delegates (EIP-7702), else
 * `0x`; where a client set its code, the code set last by then (before the first edit, the code it
 * replaced: an EOA's designator while it delegated).
 */
export function codeAt(facts: Facts, id: AccountId, height: number): `0x${string}` {
  const edits = codeEditsBy(facts).get(id);
  if (!edits) return deployedCodeAt(facts, id, height);
  let last: Extract<StateEdit, { kind: 'code' }> | undefined;
  for (const edit of edits) if (edit.block <= height) last = edit;
  if (last) return last.code;
  const replaced = deployedCodeAt(facts, id, height) === '0x' ? '0x' : edits[0]!.previous;
  // An EOA's code edit replaced no bytecode: before it, the EOA's delegation (EIP-7702), if any.
  return replaced === '0x' ? (delegatedCodeAt(facts, id, height) ?? '0x') : replaced;
}

function deployedCodeAt(facts: Facts, id: AccountId, height: number): `0x${string}` {
  const contract = facts.chain.accounts[id]!.contract;
  if (!contract) return delegatedCodeAt(facts, id, height) ?? '0x';
  if (contract.creationStatus === 'failed' || creationBlockOf(facts, id) > height) return '0x';
  const destroyed = destroyedAt(facts, id);
  if (destroyed !== null && destroyed <= height) return '0x';
  return artifactsOf(facts, id).deployedBytecode;
}

/** A compiler version's release numbers (`v0.8.24+commit.e11b9ed9` → 0, 8, 24), for ordering. */
const releaseOf = (version: string): number[] => (version.match(/\d+/g) ?? []).slice(0, 3).map(Number);

/**
 * The compiler versions a verification form offers, newest first: the catalogue's, and every one
 * a verified contract of the chain was compiled with (a scenario's artifacts, a client's submission).
 */
export const compilerVersions = (facts: Facts, language: 'solidity' | 'vyper'): readonly string[] =>
  facts.memo.get(`compiler-versions:${language}`, () => {
    const versions = new Set(CATALOGUE_COMPILERS.filter((c) => c.language === language).map((c) => c.version));
    for (const id of verifiedContracts(facts)) {
      const artifacts = artifactsOf(facts, id);
      if (artifacts.language === language) versions.add(artifacts.compilerVersion);
    }
    return [...versions].sort((a, b) => {
      const [x, y] = [releaseOf(a), releaseOf(b)];
      for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (y[i] ?? 0) - (x[i] ?? 0);
      return a < b ? -1 : a > b ? 1 : 0;
    });
  });
