import { type DepositData, depositDataRoot } from '../../src/protocol/beaconDeposit.js';
import { GWEI } from './blockContext.js';
import type { TxPlan } from './plan.js';

const ETHER = 10n ** 18n;
const UINT64_MAX = 2n ** 64n - 1n;

/**
 * A sent `deposit(pubkey, withdrawal_credentials, signature, deposit_data_root)` to the deposit
 * contract, as its code runs it: each `require` in order reverts with its message; a deposit that
 * passes logs `DepositEvent` (eventsOf's rule: the amount in gwei, the contract's count so far as its index).
 */
export function sentDeposit(plan: TxPlan): TxPlan {
  const [pubkey, withdrawalCredentials, signature, root] = (plan.call?.args ?? []) as `0x${string}`[];
  const bytes = (hex: `0x${string}` | undefined) => ((hex?.length ?? 2) - 2) / 2;
  const reason =
    bytes(pubkey) !== 48
      ? 'invalid pubkey length'
      : bytes(withdrawalCredentials) !== 32
        ? 'invalid withdrawal_credentials length'
        : bytes(signature) !== 96
          ? 'invalid signature length'
          : plan.value < ETHER
            ? 'deposit value too low'
            : plan.value % GWEI !== 0n
              ? 'deposit value not multiple of gwei'
              : plan.value / GWEI > UINT64_MAX
                ? 'deposit value too high'
                : null;
  if (reason) return { ...plan, revertReason: `DepositContract: ${reason}` };
  const deposit: DepositData = {
    pubkey: pubkey!.toLowerCase() as `0x${string}`,
    withdrawalCredentials: withdrawalCredentials!.toLowerCase() as `0x${string}`,
    amountGwei: plan.value / GWEI,
    signature: signature!.toLowerCase() as `0x${string}`,
  };
  if (depositDataRoot(deposit) !== root!.toLowerCase())
    return {
      ...plan,
      revertReason: 'DepositContract: reconstructed DepositData does not match supplied deposit_data_root',
    };
  // Its DepositEvent (the next index) follows from the call, as a generated deposit's (eventsOf).
  return { ...plan, events: 1 };
}
