import type { Abi, AbiFunction } from 'abitype';
import { constructorInputsOf } from '../generators/contracts/abiOf.js';
import * as Abis from 'ox/Abi';
import { argumentValue } from './abiArguments.js';
import type { EntityProblem } from './values.js';
import type { NamedContract, NamedToken } from './types.js';

const ABIS = new WeakMap<NamedContract, Abi>();

/** A named contract's ABI, parsed from JSON entries or human-readable signatures (a standard proxy's is none of its own). */
export function entityAbi(contract: NamedContract): Abi {
  let abi = ABIS.get(contract);
  if (!abi) ABIS.set(contract, (abi = contract.abi ? (Abis.from(contract.abi as never) as Abi) : []));
  return abi;
}

/** The ABI calls to a named contract are decoded with: its own, or for a proxy its implementation's. */
export function callAbi(contracts: readonly NamedContract[], contract: NamedContract): Abi {
  const implementation = contract.proxy ? contracts.find((c) => c.name === contract.proxy!.implementation) : undefined;
  return entityAbi(implementation ?? contract);
}

const signatureOf = (fn: AbiFunction): string => `${fn.name}(${fn.inputs.map((p) => p.type).join(',')})`;

/** A read as a scenario writes it (a contract's `reads`, a call's `sets`). */
export interface RawRead {
  readonly function: string;
  readonly args?: readonly (string | number | boolean)[] | undefined;
  readonly returns: readonly (string | number | boolean)[];
}

/**
 * The view a declared read names in `abi` (`whose` says whose ABI it is), or what is wrong with
 * it, at the field it concerns: no such function, not a view, or a count of arguments or values
 * its ABI does not have.
 */
export function readFunction(abi: Abi, read: RawRead, whose: string): AbiFunction | { field: string; problem: string } {
  const fn = abi.find((x): x is AbiFunction => x.type === 'function' && signatureOf(x) === read.function);
  if (!fn) return { field: '.function', problem: `${whose} has no ${read.function}` };
  if (fn.stateMutability !== 'view' && fn.stateMutability !== 'pure')
    return {
      field: '.function',
      problem: `${read.function} is ${fn.stateMutability}, not a view: declare what it changes with sets on the call`,
    };
  if (read.args && read.args.length !== fn.inputs.length)
    return {
      field: '.args',
      problem: `${read.function} takes ${fn.inputs.length} arguments, got ${read.args.length}`,
    };
  if (read.returns.length !== fn.outputs.length)
    return {
      field: '.returns',
      problem: `${read.function} returns ${fn.outputs.length} values (${fn.outputs.map((p) => p.type).join(', ')}), got ${read.returns.length}`,
    };
  return fn;
}

/** Whose ABI a named contract's reads are found in, in words. */
export const readAbiName = (contract: NamedContract): string =>
  contract.proxy ? `the ABI of its implementation ${contract.proxy.implementation}` : `the ABI of ${contract.name}`;

/** The source files of a named contract (one text becomes `<ContractName>.sol`), the compilation target first. */
export function entitySources(contract: NamedContract): { readonly filePath: string; readonly content: string }[] {
  const { source } = contract;
  if (source === undefined) return [];
  const name = contract.contractName ?? contract.name;
  const files =
    typeof source === 'string'
      ? [{ filePath: `contracts/${name}.${contract.compiler?.language === 'vyper' ? 'vy' : 'sol'}`, content: source }]
      : Object.entries(source).map(([filePath, content]) => ({ filePath, content }));
  const target = Object.keys(
    (contract.compiler?.settings?.compilationTarget as Record<string, string> | undefined) ?? {},
  )[0];
  const main = files.findIndex((f) => f.filePath === target);
  return main > 0 ? [files[main]!, ...files.filter((_, i) => i !== main)] : files;
}

/**
 * The first thing a scenario's named contracts ask that a chain cannot give: a name taken, an
 * address taken or reserved, an unknown deployer or implementation, no ABI, an ABI that does not
 * parse, a verified contract without source, constructor arguments its ABI does not take.
 * `names` holds the other entities' names with where they are; `claim` checks a pinned address
 * (checksum, reserved, taken) and takes it.
 */
export function contractProblem(
  contracts: readonly NamedContract[],
  accounts: ReadonlyMap<string, number>,
  tokens: readonly NamedToken[],
  names: Map<string, string>,
  claim: (address: string, at: string) => string | null,
): EntityProblem | null {
  for (const [i, contract] of contracts.entries()) {
    const at = `entities.contracts[${i}]`;
    const here = (field: string, problem: string) => ({ path: `${at}${field}`, problem });
    if (names.has(contract.name))
      return here('.name', `"${contract.name}" is already the name of ${names.get(contract.name)}`);
    names.set(contract.name, at);
    if (contract.address !== undefined) {
      const taken = claim(contract.address, at);
      if (taken) return here('.address', taken);
      if (contract.deployer !== undefined)
        return here('.deployer', 'a contract at a fixed address is predeployed at genesis: it has no deployer');
    }
    if (contract.deployer !== undefined && !accounts.has(contract.deployer))
      return here('.deployer', `no account named "${contract.deployer}" in entities.accounts`);
    if (contract.proxy) {
      const own = (['abi', 'bytecode', 'deployedBytecode', 'source', 'compiler', 'constructorArgs'] as const).find(
        (k) => contract[k] !== undefined,
      );
      if (own)
        return here(
          `.${own}`,
          "a proxy's code is the standard EIP-1967 or EIP-1167 proxy: give the code on its implementation",
        );
      const implementation = contracts.findIndex((c) => c.name === contract.proxy!.implementation);
      if (implementation < 0 || implementation >= i)
        return here(
          '.proxy.implementation',
          `no contract named "${contract.proxy.implementation}" listed before this one in entities.contracts`,
        );
      if (contracts[implementation]!.proxy)
        return here(
          '.proxy.implementation',
          `"${contract.proxy.implementation}" is a proxy itself: a proxy's implementation has code of its own`,
        );
      if (contract.address !== undefined && contracts[implementation]!.address === undefined)
        return here(
          '.proxy.implementation',
          `a proxy at a fixed address is predeployed at genesis, so its implementation needs a fixed address too`,
        );
      const found = readsProblem(contracts, contract);
      if (found) return here(found.field, found.problem);
      continue;
    }
    if (contract.abi === undefined)
      return here('', 'give its code: an artifact, an inline abi, or a proxy of another named contract');
    let abi: Abi;
    try {
      abi = entityAbi(contract);
    } catch (error) {
      return here('.abi', `not an ABI: ${(error as Error).message.split('\n')[0]}`);
    }
    if ((contract.verified ?? true) && contract.source === undefined)
      return here(
        '.verified',
        'a verified contract needs its source: an artifact whose metadata, build info or project holds it, or an inline source (or set verified: false)',
      );
    const target = Object.keys(
      (contract.compiler?.settings?.compilationTarget as Record<string, string> | undefined) ?? {},
    )[0];
    if (target && typeof contract.source === 'object' && !(target in contract.source))
      return here('.source', `has no file ${target}, the compilation target`);
    const inputs = constructorInputsOf(abi);
    const args = contract.constructorArgs ?? [];
    if (args.length !== inputs.length)
      return here(
        '.constructorArgs',
        `its constructor takes ${inputs.length} arguments (${inputs.map((p) => p.type).join(', ')}), got ${args.length}`,
      );
    // What exists when it is created: a contract pinned at genesis sees the accounts, the pinned tokens and the
    // pinned contracts before it; one deployed at set-up also every token (deployed first) and every contract before it.
    const pinned = contract.address !== undefined;
    const exists = (name: string) =>
      accounts.has(name) ||
      tokens.some((t) => t.symbol === name && (!pinned || t.address !== undefined)) ||
      contracts.some(
        (c, j) => c.name === name && (pinned ? j < i && c.address !== undefined : j < i || c.address !== undefined),
      );
    const known = (name: string) => (exists(name) ? ('0x0000000000000000000000000000000000000001' as const) : null);
    for (const [k, p] of inputs.entries()) {
      const found = argumentValue(p, args[k]!, known);
      if ('problem' in found) {
        const later =
          typeof args[k] === 'string' && (names.has(args[k] as string) || contracts.some((c) => c.name === args[k]));
        return here(
          `.constructorArgs[${k}]`,
          later
            ? `"${args[k]}" does not exist yet when ${contract.name} is created (${pinned ? 'at genesis: only accounts and pinned tokens and contracts listed before it do' : 'at set-up: accounts, tokens, pinned contracts and contracts listed before it do'})`
            : found.problem,
        );
      }
    }
    const found = readsProblem(contracts, contract);
    if (found) return here(found.field, found.problem);
  }
  return null;
}

/** The first of a named contract's reads its ABI (a proxy's: its implementation's) does not answer. */
function readsProblem(
  contracts: readonly NamedContract[],
  contract: NamedContract,
): { field: string; problem: string } | null {
  for (const [k, read] of (contract.reads ?? []).entries()) {
    const fn = readFunction(callAbi(contracts, contract), read, readAbiName(contract));
    if ('problem' in fn) return { field: `.reads[${k}]${fn.field}`, problem: fn.problem };
  }
  return null;
}
