import { type DepositData, depositDataRoot } from '../../src/protocol/beaconDeposit.js';
import { GWEI } from '../ledger/blockContext.js';
import type { TxPlan } from '../ledger/plan.js';
import type { Stream } from '../random/stream.js';

/** A compressed BLS point's first byte: the compression flag, no infinity flag, a drawn sign bit and high bits. */
const pointByte = (rng: Stream) => (0x80 | rng.int(0, 0x3f)).toString(16).padStart(2, '0');

/** A BLS public key as validators' keys look: 48 bytes, a compressed G1 point's flags. */
export const drawPubkey = (rng: Stream): `0x${string}` => `0x${pointByte(rng)}${rng.hex(47).slice(2)}`;

/** A signature: 96 bytes with a compressed G2 point's flags, or, for an invalid deposit, without the compression flag. */
export const drawSignature = (rng: Stream, valid: boolean): `0x${string}` => {
  const first = valid ? pointByte(rng) : rng.int(0, 0x7f).toString(16).padStart(2, '0');
  return `0x${first}${rng.hex(95).slice(2)}`;
};

/** Withdrawal credentials: 0x00 and a hash of a BLS withdrawal key, or 0x01 / 0x02 and an execution address. */
export function withdrawalCredentials(rng: Stream, type: 0 | 1 | 2, address: `0x${string}`): `0x${string}` {
  if (type === 0) return `0x00${rng.hex(31).slice(2)}`;
  return `0x0${type}${'00'.repeat(11)}${address.slice(2).toLowerCase()}`;
}

/** A staker's deposit: `deposit(pubkey, withdrawal_credentials, signature, deposit_data_root)` with the amount as value; its `DepositEvent` follows from the call (eventsOf). */
export function depositPlan(rng: Stream, fromId: number, contractId: number, deposit: DepositData): TxPlan {
  return {
    fromId,
    toId: contractId,
    value: deposit.amountGwei * GWEI,
    gasUsed: 50_000 + rng.int(0, 9_000),
    gasLimit: 80_000,
    call: {
      contractKind: 'deposit-contract',
      functionName: 'deposit',
      args: [deposit.pubkey, deposit.withdrawalCredentials, deposit.signature, depositDataRoot(deposit)],
    },
    events: 1,
  };
}
