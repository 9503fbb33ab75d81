import * as Address from 'ox/Address';
import { addressV06, addressV07 } from 'ox/erc4337/EntryPoint';
import type { ContractKind, Hex } from '../../src/chain/types.js';
import { predeployContract } from '../ledger/createContract.js';
import type { LedgerState } from '../ledger/state.js';

/** An EntryPoint version this chain runs. */
export type EntryPointVersion = '0.6' | '0.7';

/** One EntryPoint with its factory and paymaster, as predeployed at genesis. */
export interface Erc4337Deployment {
  readonly version: EntryPointVersion;
  readonly entryPointId: number;
  readonly factoryId: number;
  readonly paymasterId: number;
}

const deployments: readonly {
  readonly version: EntryPointVersion;
  readonly entryPoint: { readonly address: Hex; readonly kind: ContractKind };
  readonly factory: Hex;
  readonly paymaster: Hex;
}[] = [
  {
    version: '0.6',
    entryPoint: { address: addressV06, kind: 'entry-point-v06' },
    factory: '0x9406Cc6185a346906296840746125a0E44976454',
    paymaster: '0x00000f79B7FaF42EEBAdbA19aCc07cD08Af44789',
  },
  {
    version: '0.7',
    entryPoint: { address: addressV07, kind: 'entry-point-v07' },
    factory: '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985',
    paymaster: '0x0000000000325602a77416A16136FDafd04b299f',
  },
];

/** The SimpleAccount factory of a version, at its fixed address. */
export const factoryAddress = (version: EntryPointVersion): Hex =>
  Address.checksum(deployments.find((d) => d.version === version)!.factory) as Hex;

/** The bytecode label every smart account of a version shares (the factory's one proxy code). */
export const accountCodeLabel = (version: EntryPointVersion) => `erc4337:simple-account:v${version}`;

/**
 * ERC-4337 at genesis: EntryPoint v0.6 and v0.7 at their canonical addresses (verified, their own
 * ABIs), each with a SimpleAccount factory and a verifying paymaster at fixed addresses.
 */
export const predeployErc4337 = (state: LedgerState): Erc4337Deployment[] =>
  deployments.map(({ version, entryPoint, factory, paymaster }) => {
    const tag = version.replace('.', '');
    const entryPointId = predeployContract(state, Address.checksum(entryPoint.address), {
      kind: entryPoint.kind,
      name: 'EntryPoint',
      verification: 'full',
      constructorArgs: [],
      bytecodeLabel: `erc4337:entry-point:v${version}`,
    });
    const factoryId = predeployContract(state, Address.checksum(factory), {
      kind: 'account-factory',
      name: 'SimpleAccountFactory',
      verification: 'full',
      constructorArgs: [Address.checksum(entryPoint.address)],
      bytecodeLabel: `erc4337:factory:v${tag}`,
    });
    const paymasterId = predeployContract(state, Address.checksum(paymaster), {
      kind: 'paymaster',
      name: 'VerifyingPaymaster',
      verification: 'full',
      constructorArgs: [Address.checksum(entryPoint.address), state.accounts[1]!.hash],
      bytecodeLabel: `erc4337:paymaster:v${tag}`,
    });
    return { version, entryPointId, factoryId, paymasterId };
  });
