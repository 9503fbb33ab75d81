import type { Hex } from '../../src/chain/types.js';
import { predeployContract } from '../ledger/createContract.js';
import type { LedgerState } from '../ledger/state.js';

/** The code EOAs delegate to (EIP-7702): two verified batch executors, predeployed at genesis at fixed addresses. */
export const DELEGATES: readonly { readonly address: Hex; readonly name: string }[] = [
  { address: '0x8c670296Cb5Cf7572A5aE9516Ae70AEBDfE89ec3', name: 'BatchExecutor' },
  { address: '0xca55178C1D41a6698C970197C0405Efe28842851', name: 'Simple7702Account' },
];

/** Predeploys the delegation targets; their account ids, in `DELEGATES` order. */
export const predeployDelegates = (state: LedgerState): number[] =>
  DELEGATES.map(({ address, name }) =>
    predeployContract(state, address, {
      kind: 'batch-executor',
      name,
      verification: 'full',
      constructorArgs: [],
      bytecodeLabel: `delegate:${name}`,
    }),
  );
