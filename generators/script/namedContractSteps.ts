import * as Address from 'ox/Address';
import { argumentValue } from '../../scenarios/abiArguments.js';
import { entityAbi, entitySources } from '../../scenarios/contractEntities.js';
import type { NamedContract } from '../../scenarios/types.js';
import { type ContractKind, type CustomCode, type Hex, NONE } from '../../src/chain/types.js';
import { deployContract } from '../activity/deploy.js';
import { BuildChainError } from '../chainInput.js';
import { constructorInputsOf } from '../contracts/abiOf.js';
import { predeployContract } from '../ledger/createContract.js';
import { applyStateEdit } from '../ledger/stateEdits.js';
import { constructorKey } from '../ledger/contractRuns.js';
import type { LedgerState } from '../ledger/state.js';
import type { Cast } from './cast.js';
import { declaredReadOf } from './declaredReads.js';
import type { ScriptStep } from './step.js';

/** The chain's record of a named contract's own code (none for a standard proxy). */
export function customCodeOf(spec: NamedContract): CustomCode | null {
  if (spec.proxy) return null;
  return {
    abi: entityAbi(spec),
    contractName: spec.contractName ?? spec.name,
    bytecode: (spec.bytecode as Hex | undefined) ?? null,
    deployedBytecode: (spec.deployedBytecode as Hex | undefined) ?? null,
    sources: (spec.verified ?? true) ? entitySources(spec) : [],
    compiler: spec.compiler ?? null,
  };
}

/** The address of a named account, token or contract (null when it has none yet). */
export function namedAddress(state: LedgerState, cast: Cast, name: string): Hex | null {
  const id = cast.named.get(name) ?? cast.namedTokens.get(name) ?? cast.namedContracts.get(name);
  return id === undefined ? (cast.namedSmartAccounts.get(name)?.hash ?? null) : state.accounts[id]!.hash;
}

/** Gives a named contract, just created, the reads its entry declares (from its creation block unless `at` says). */
function declareReads(state: LedgerState, cast: Cast, spec: NamedContract, index: number, id: number, created: number) {
  if (!spec.reads?.length) return;
  const contracts = state.scenario.entities?.contracts ?? [];
  state.accounts[id]!.contract!.reads = spec.reads.map((read, k) =>
    declaredReadOf(
      contracts,
      spec,
      read,
      read.at ?? created,
      (name) => namedAddress(state, cast, name),
      `entities.contracts[${index}].reads[${k}]`,
    ),
  );
}

/** What a named contract is created as: its kind, Solidity name, constructor arguments and implementation. */
function creationOf(state: LedgerState, cast: Cast, spec: NamedContract, index: number, adminId: number) {
  const at = `entities.contracts[${index}]`;
  const verification = (spec.verified ?? true) ? ('full' as const) : ('none' as const);
  if (spec.proxy) {
    const implementationId = cast.namedContracts.get(spec.proxy.implementation)!;
    const implementation = state.accounts[implementationId]!;
    return spec.proxy.kind === 'eip1967'
      ? {
          kind: 'transparent-proxy' as ContractKind,
          name: 'TransparentUpgradeableProxy',
          verification,
          constructorArgs: [implementation.hash, state.accounts[adminId]!.hash, '0x'],
          implementationId,
          custom: null,
        }
      : {
          kind: 'minimal-proxy' as ContractKind,
          name: implementation.contract!.name,
          verification,
          constructorArgs: [],
          implementationId,
          custom: null,
        };
  }
  const custom = customCodeOf(spec)!;
  const constructorArgs = constructorInputsOf(custom.abi).map((p, k) => {
    const found = argumentValue(p, spec.constructorArgs![k]!, (name) => namedAddress(state, cast, name));
    if ('problem' in found)
      throw new BuildChainError(
        `buildChain: ${at}.constructorArgs[${k}]: ${found.problem}`,
        `${at}.constructorArgs[${k}]`,
      );
    return found.value;
  });
  return {
    kind: 'custom' as ContractKind,
    name: custom.contractName,
    verification,
    constructorArgs,
    implementationId: NONE,
    custom,
  };
}

/**
 * The named contracts at fixed addresses: predeployed at genesis (no creation transaction), in
 * file order, as chains predeploy system contracts. Their constructor arguments may name accounts,
 * pinned tokens and the pinned contracts before them (`contractProblem` checks it).
 */
export function predeployContracts(state: LedgerState, cast: Cast): void {
  for (const [i, spec] of (state.scenario.entities?.contracts ?? []).entries()) {
    if (spec.address === undefined) continue;
    const { implementationId, ...created } = creationOf(state, cast, spec, i, cast.deployerId);
    const hash = Address.checksum(spec.address.toLowerCase() as Hex);
    // A constructor that ran leaves its runtime (immutables filled in) and its storage, as a genesis allocation holds them.
    const run = state.contractRuns.get(constructorKey(spec.name));
    const id = predeployContract(state, hash, {
      ...created,
      ...(run && created.custom ? { custom: { ...created.custom, deployedBytecode: run.runtime } } : {}),
      bytecodeLabel: `named:${spec.name}`,
      ...(implementationId !== NONE ? { implementationId } : {}),
    });
    for (const { slot, value } of run?.storage ?? [])
      applyStateEdit(state, { kind: 'storage', address: hash.toLowerCase(), slot, value }, 0);
    cast.namedContracts.set(spec.name, id);
    declareReads(state, cast, spec, i, id, 0);
  }
}

/**
 * The named contracts without a fixed address: each deployer (the protocol deployer unless named)
 * creates them at set-up, in file order, so a proxy's implementation exists before it.
 */
export function namedContractSteps(state: LedgerState, cast: Cast): ScriptStep[] {
  return (state.scenario.entities?.contracts ?? []).flatMap((spec, i) => {
    if (spec.address !== undefined) return [];
    const deployerId = spec.deployer === undefined ? cast.deployerId : cast.named.get(spec.deployer)!;
    const step: ScriptStep = {
      label: `setup:named-contract:${spec.name}`,
      notBefore: 1,
      plan: (s) => {
        const { custom, implementationId, ...created } = creationOf(s.state, s.cast, spec, i, deployerId);
        const plan = deployContract(s, deployerId, created.kind, created.name, created.constructorArgs, {
          verification: created.verification,
          extra: {
            custom,
            bytecodeLabel: `named:${spec.name}`,
            ...(implementationId !== NONE ? { implementationId } : {}),
          },
        });
        if (!plan)
          throw new BuildChainError(
            `buildChain: entities.contracts[${i}].deployer: ${spec.deployer ?? 'the protocol deployer'} cannot pay for the deployment at block ${s.ctx.height}`,
            `entities.contracts[${i}].deployer`,
          );
        // Its constructor ran on the EVM (`runContractCode`): the creation is what that run did.
        return s.state.contractRuns.get(constructorKey(spec.name))?.plan(s.state, plan) ?? plan;
      },
      after: (s, t) => {
        const transaction = s.state.transactions[t]!;
        cast.namedContracts.set(spec.name, transaction.createdId);
        declareReads(s.state, cast, spec, i, transaction.createdId, transaction.block);
      },
    };
    return [step];
  });
}
