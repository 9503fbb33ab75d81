import type { DepositData } from '../../src/protocol/beaconDeposit.js';
import { depositPlan, drawPubkey, drawSignature, withdrawalCredentials } from '../activity/beaconDeposit.js';
import { applyTransaction } from '../ledger/applyTransaction.js';
import type { BlockContext } from '../ledger/blockContext.js';
import type { LedgerState } from '../ledger/state.js';
import { type Stream, stream } from '../random/stream.js';
import type { Cast } from '../script/cast.js';
import type { DepositSetup } from '../script/depositContract.js';

/** Mean beacon deposits per block when a scenario does not say (`beaconDepositsPerBlock`). */
export const DEFAULT_BEACON_DEPOSITS_PER_BLOCK = 0.05;

/** A validator's full deposit, in gwei. */
const FULL = 32_000_000_000n;

/** The deposit activity of each block (after its other transactions, from streams of its own). */
export interface DepositActivity {
  drawn(ctx: BlockContext): void;
}

type Kind = 'new' | 'bls' | 'compounding' | 'top-up' | 'invalid';

/**
 * EIP-6110 activity: stakers depositing to the deposit contract, one deposit a transaction, the
 * contract counting them from 0. Every chain has, at fixed shares of its blocks, a first
 * validator's 32 ETH (`beaconDeposit`), a compounding validator's larger deposit (0x02
 * credentials), a deposit with a malformed signature (the explorer's `invalid`) and a top-up of
 * the first validator; then about `beaconDepositsPerBlock` drawn deposits a block: mostly new
 * validators with 0x01 credentials, some with BLS (0x00) or compounding credentials, top-ups of
 * validators deposited before, now and then an invalid one.
 */
export function depositActivity(
  state: LedgerState,
  cast: Cast,
  setup: DepositSetup,
  perBlock: number,
): DepositActivity {
  const { seed, scenario } = state;
  const at = (fraction: number) => Math.max(3, Math.floor(fraction * scenario.blocks));
  /** The deposits every chain has, in order, each from its block on (a full block puts it off to the next). */
  const scripted: { readonly at: number; readonly kind: Kind }[] = [
    { at: at(0.08), kind: 'new' },
    { at: at(0.12), kind: 'compounding' },
    { at: at(0.16), kind: 'invalid' },
    { at: at(0.2), kind: 'top-up' },
  ];
  let nextScripted = 0;
  /** The pubkeys of validators deposited so far with a well-formed signature (top-ups go to them). */
  const validators: `0x${string}`[] = [];

  /** A deposit of `kind`; a top-up goes to the first validator when `first` says so, else to a drawn one. */
  const draw = (rng: Stream, kind: Kind, stakerId: number, first: boolean): DepositData => {
    const recipient = rng.chance(0.5) ? stakerId : cast.eoas[rng.int(0, cast.eoas.length - 1)]!;
    const address = state.accounts[recipient]!.hash;
    if (kind === 'top-up' && validators.length) {
      const pubkey = validators[first ? 0 : rng.int(0, validators.length - 1)]!;
      return {
        pubkey,
        withdrawalCredentials: withdrawalCredentials(rng, 1, address),
        amountGwei: BigInt(rng.int(1, 31)) * 1_000_000_000n,
        signature: drawSignature(rng, true),
      };
    }
    const type = kind === 'bls' ? 0 : kind === 'compounding' ? 2 : 1;
    return {
      pubkey: drawPubkey(rng),
      withdrawalCredentials: withdrawalCredentials(rng, type, address),
      amountGwei: kind === 'compounding' ? BigInt(rng.int(33, 2048)) * 1_000_000_000n : FULL,
      signature: drawSignature(rng, kind !== 'invalid'),
    };
  };

  /** Applies a deposit where it fits the block and its staker can pay; whether it did. */
  const deposit = (ctx: BlockContext, label: string, kind: Kind, isScripted = false): boolean => {
    const rng = stream(seed, label);
    const stakerId = setup.stakerIds[rng.int(0, setup.stakerIds.length - 1)]!;
    const data = draw(rng, kind, stakerId, isScripted);
    const handle = isScripted && kind === 'new' ? 'beaconDeposit' : undefined;
    const plan = depositPlan(rng, stakerId, setup.contractId, data);
    if (ctx.gasUsed + plan.gasUsed > ctx.gasLimit) return false;
    if (state.accounts[stakerId]!.balance < plan.value + BigInt(plan.gasLimit) * ctx.maxFeeCap) return false;
    applyTransaction(state, ctx, handle ? { ...plan, handle } : plan, rng);
    if (kind !== 'invalid' && kind !== 'top-up') validators.push(data.pubkey);
    return true;
  };

  const kindOf = (rng: Stream): Kind => {
    const r = rng.next();
    if (r < 0.04) return 'invalid';
    if (r < 0.14 && validators.length) return 'top-up';
    if (r < 0.24) return 'compounding';
    if (r < 0.32) return 'bls';
    return 'new';
  };

  return {
    drawn(ctx) {
      const height = ctx.height;
      const next = scripted[nextScripted];
      if (next && next.at <= height && deposit(ctx, `deposits:${next.kind}`, next.kind, true)) nextScripted++;
      if (nextScripted === 0) return;
      const brng = stream(seed, `block:${height}:deposits`);
      const drawnCount = Math.floor(perBlock) + (brng.chance(perBlock % 1) ? 1 : 0);
      for (let k = 0; k < drawnCount; k++) {
        const label = `block:${height}:deposits:${k}`;
        deposit(ctx, label, kindOf(stream(seed, `${label}:kind`)));
      }
    },
  };
}
