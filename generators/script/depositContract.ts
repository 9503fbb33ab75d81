import * as Address from 'ox/Address';
import { DEPOSIT_CONTRACT_ADDRESS } from '../../src/protocol/beaconDeposit.js';
import { addressFor } from '../accounts/makeAccount.js';
import { ETHER } from '../ledger/blockContext.js';
import { predeployContract } from '../ledger/createContract.js';
import { registerAccount } from '../ledger/registerAccount.js';
import type { LedgerState } from '../ledger/state.js';

/** The deposit contract and the stakers that deposit into it. */
export interface DepositSetup {
  readonly contractId: number;
  readonly stakerIds: readonly number[];
}

const STAKERS = 3;

/**
 * Beacon deposits at genesis: the deposit contract at its canonical address (verified, its own
 * ABI), and three staker EOAs funded to deposit from: 20,000 ETH each, or 10 ETH a block on chains
 * past 2,000 blocks (`large`: 200,000), so drawn deposits do not run them dry; below any whale.
 */
export function predeployDepositContract(state: LedgerState): DepositSetup {
  const contractId = predeployContract(state, Address.checksum(DEPOSIT_CONTRACT_ADDRESS), {
    kind: 'deposit-contract',
    name: 'DepositContract',
    verification: 'full',
    constructorArgs: [],
    bytecodeLabel: 'beacon:deposit-contract',
  });
  const stakerIds = Array.from({ length: STAKERS }, (_, k) =>
    registerAccount(state, `staker:${k}`, {
      hash: addressFor(state.seed, `staker:${k}`),
      genesisBalance: BigInt(Math.max(20_000, 10 * state.scenario.blocks)) * ETHER,
    }),
  );
  return { contractId, stakerIds };
}
