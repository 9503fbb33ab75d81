import type { AccountId, Chain, ContractEvent, Hex, InternalTransaction, TokenTransfer } from '../chain/types.js';
import type { Facts } from './facts.js';

/** The EntryPoint versions the chain runs (ERC-4337). */
export type EntryPointVersion = '0.6' | '0.7';

/** Who paid an operation's gas, as the user-operations indexer names it. */
export type SponsorType = 'paymaster_sponsor' | 'wallet_balance' | 'wallet_deposit';

/** An operation as its sender signed it (the `handleOps` argument), in both versions' terms. */
export interface RawUserOp {
  readonly sender: Hex;
  readonly nonce: bigint;
  readonly initCode: Hex;
  readonly callData: Hex;
  readonly callGasLimit: bigint;
  readonly verificationGasLimit: bigint;
  readonly preVerificationGas: bigint;
  readonly maxFeePerGas: bigint;
  readonly maxPriorityFeePerGas: bigint;
  readonly paymasterAndData: Hex;
  readonly signature: Hex;
  /** v0.7's packed words, as sent. */
  readonly accountGasLimits: Hex | null;
  readonly gasFees: Hex | null;
  /** v0.7's paymaster gas limits (0 on v0.6). */
  readonly paymasterVerificationGasLimit: bigint;
  readonly paymasterPostOpGasLimit: bigint;
}

/** One user operation (ERC-4337) as the chain holds it: its bundle's call argument and the EntryPoint's logs. */
export interface UserOperationFact {
  readonly hash: Hex;
  readonly senderId: AccountId;
  readonly entryPointId: AccountId;
  readonly version: EntryPointVersion;
  /** Its bundle transaction and block. */
  readonly transaction: number;
  readonly block: number;
  readonly bundlerId: AccountId;
  /** Which `handleOps` call of its transaction (always the first: one bundle per transaction). */
  readonly bundleIndex: number;
  /** Its position in the bundle. */
  readonly index: number;
  readonly raw: RawUserOp;
  readonly factoryId: AccountId | null;
  readonly paymasterId: AccountId | null;
  readonly status: boolean;
  /** The revert data `UserOperationRevertReason` reported (`Error(string)` encoded), or null. */
  readonly revertReason: Hex | null;
  /** Its gas limits' sum: what it could have used. */
  readonly gas: bigint;
  readonly gasUsed: bigint;
  /** `actualGasCost`: what the sender or its paymaster paid. */
  readonly fee: bigint;
  readonly gasPrice: bigint;
  readonly sponsorType: SponsorType;
  /** The log index of its first own log (the token transfers its call made), and how many. */
  readonly userLogsStart: number;
  readonly userLogsCount: number;
  /** The call its account's `execute` made: target and data; null for a batch. */
  readonly executeTarget: Hex | null;
  readonly executeCallData: Hex | null;
}

/** A bundle: one `handleOps` transaction. */
export interface BundleFact {
  readonly transaction: number;
  readonly block: number;
  readonly bundlerId: AccountId;
  readonly entryPointId: AccountId;
  readonly bundleIndex: number;
  /** Its operations, ids into `UserOps.ops`. */
  readonly ops: readonly number[];
}

/** The chain's user operations, in chain order, and what the indexer lists from them. */
export interface UserOps {
  readonly ops: readonly UserOperationFact[];
  readonly byHash: ReadonlyMap<string, number>;
  readonly bundles: readonly BundleFact[];
  readonly entryPoints: readonly { readonly id: AccountId; readonly version: EntryPointVersion }[];
  /** Smart accounts: each sender, with the operation that created it (if one did). */
  readonly accounts: ReadonlyMap<AccountId, { readonly ops: number[]; readonly creationOp: number | null }>;
  readonly bundlers: ReadonlyMap<AccountId, { readonly bundles: number; readonly ops: number }>;
  readonly paymasters: ReadonlyMap<AccountId, number>;
  /** Each factory's accounts. */
  readonly factories: ReadonlyMap<AccountId, number>;
}

const ZERO = '0x0000000000000000000000000000000000000000';
const VERSION_OF: Partial<Record<string, EntryPointVersion>> = { 'entry-point-v06': '0.6', 'entry-point-v07': '0.7' };

const word = (hex: Hex, from: number, to: number): bigint => BigInt(`0x${hex.slice(2 + 2 * from, 2 + 2 * to) || '0'}`);

/** An operation argument of `handleOps` in both versions' terms. */
function rawOf(version: EntryPointVersion, arg: Record<string, unknown>): RawUserOp {
  const base = {
    sender: arg.sender as Hex,
    nonce: arg.nonce as bigint,
    initCode: arg.initCode as Hex,
    callData: arg.callData as Hex,
    preVerificationGas: arg.preVerificationGas as bigint,
    paymasterAndData: arg.paymasterAndData as Hex,
    signature: arg.signature as Hex,
  };
  if (version === '0.6')
    return {
      ...base,
      callGasLimit: arg.callGasLimit as bigint,
      verificationGasLimit: arg.verificationGasLimit as bigint,
      maxFeePerGas: arg.maxFeePerGas as bigint,
      maxPriorityFeePerGas: arg.maxPriorityFeePerGas as bigint,
      accountGasLimits: null,
      gasFees: null,
      paymasterVerificationGasLimit: 0n,
      paymasterPostOpGasLimit: 0n,
    };
  const accountGasLimits = arg.accountGasLimits as Hex;
  const gasFees = arg.gasFees as Hex;
  const pm = base.paymasterAndData;
  return {
    ...base,
    verificationGasLimit: word(accountGasLimits, 0, 16),
    callGasLimit: word(accountGasLimits, 16, 32),
    maxPriorityFeePerGas: word(gasFees, 0, 16),
    maxFeePerGas: word(gasFees, 16, 32),
    accountGasLimits,
    gasFees,
    paymasterVerificationGasLimit: pm.length > 2 ? word(pm, 20, 36) : 0n,
    paymasterPostOpGasLimit: pm.length > 2 ? word(pm, 36, 52) : 0n,
  };
}

/** `execute(address,uint256,bytes)`'s selector: the account's one call. */
const EXECUTE = '0xb61d27f6';

/** The account's `execute(dest, value, func)` call (its ABI words read directly), or nulls for anything else (a batch). */
function executeOf(callData: Hex): { target: Hex | null; data: Hex | null } {
  if (!callData.startsWith(EXECUTE)) return { target: null, data: null };
  const body = callData.slice(10);
  const at = (i: number) => body.slice(64 * i, 64 * (i + 1));
  const target = `0x${at(0).slice(24)}` as Hex;
  const offset = Number(BigInt(`0x${at(2)}`)) / 32;
  const length = Number(BigInt(`0x${at(offset)}`));
  const data = `0x${body.slice(64 * (offset + 1), 64 * (offset + 1) + 2 * length)}` as Hex;
  return { target, data };
}

const lower = (hex: string) => hex.toLowerCase();

function bundleOps(
  chain: Chain,
  transaction: number,
  entryPointId: AccountId,
  version: EntryPointVersion,
): UserOperationFact[] {
  const tx = chain.transactions.at(transaction)!;
  const args = tx.call!.args[0] as readonly Record<string, unknown>[];
  const events: ContractEvent[] = [];
  for (let e = tx.eventStart; e < tx.eventStart + tx.eventCount; e++) events.push(chain.events.at(e)!);
  const idOf = (hash: string) => chain.accountByHash.get(lower(hash))!;
  const reported = events.filter((e) => e.name === 'UserOperationEvent');
  const transfers: TokenTransfer[] = [];
  for (let t = tx.tokenTransferStart; t < tx.tokenTransferStart + tx.tokenTransferCount; t++)
    transfers.push(chain.tokenTransfers.at(t)!);
  const internals: InternalTransaction[] = [];
  for (let i = tx.internalStart; i < tx.internalStart + tx.internalCount; i++)
    internals.push(chain.internalTransactions.at(i)!);
  return args.map((arg, index) => {
    const raw = rawOf(version, arg);
    const event = reported[index]!;
    const [hash, , paymaster, , success, actualGasCost, actualGasUsed] = event.args as [
      Hex,
      Hex,
      Hex,
      bigint,
      boolean,
      bigint,
      bigint,
    ];
    const senderId = idOf(raw.sender);
    const deployed = events.find((e) => e.name === 'AccountDeployed' && e.args[0] === hash);
    const reverted = events.find((e) => e.name === 'UserOperationRevertReason' && e.args[0] === hash);
    const own = transfers.filter((t) => t.fromId === senderId);
    const paymasterId = lower(paymaster) === ZERO ? null : idOf(paymaster);
    const paidIn = internals.some((i) => i.fromId === senderId && i.toId === entryPointId && i.value > 0n);
    const gas =
      raw.callGasLimit +
      raw.verificationGasLimit +
      raw.preVerificationGas +
      raw.paymasterVerificationGasLimit +
      raw.paymasterPostOpGasLimit;
    const execute = executeOf(raw.callData);
    return {
      hash,
      senderId,
      entryPointId,
      version,
      transaction,
      block: tx.block,
      bundlerId: tx.fromId,
      bundleIndex: 0,
      index,
      raw,
      factoryId: deployed ? idOf(deployed.args[2] as Hex) : null,
      paymasterId,
      status: success,
      revertReason: reverted ? (reverted.args[3] as Hex) : null,
      gas,
      gasUsed: actualGasUsed,
      fee: actualGasCost,
      gasPrice: actualGasUsed === 0n ? 0n : actualGasCost / actualGasUsed,
      sponsorType: paymasterId !== null ? 'paymaster_sponsor' : paidIn ? 'wallet_balance' : 'wallet_deposit',
      userLogsStart: own.length ? own[0]!.logIndex : event.index,
      userLogsCount: own.length,
      executeTarget: execute.target,
      executeCallData: execute.data,
    };
  });
}

/** Every user operation of the chain, read from the EntryPoints' `handleOps` transactions and logs (made once per chain). */
export function userOpsOf(facts: Facts): UserOps {
  return facts.memo.get('user-ops', () => {
    const { chain } = facts;
    const entryPoints = chain.accounts.flatMap((a, id) => {
      const version = a.contract ? VERSION_OF[a.contract.kind] : undefined;
      return version ? [{ id, version }] : [];
    });
    const found: { transaction: number; entryPointId: AccountId; version: EntryPointVersion }[] = [];
    for (const { id, version } of entryPoints)
      for (const t of chain.indexes.at(id)!.transactionsTo) {
        const tx = chain.transactions.at(t)!;
        if (tx.status === 'ok' && tx.call?.functionName === 'handleOps')
          found.push({ transaction: t, entryPointId: id, version });
      }
    found.sort((a, b) => a.transaction - b.transaction);
    const ops: UserOperationFact[] = [];
    const bundles: BundleFact[] = [];
    for (const { transaction, entryPointId, version } of found) {
      const start = ops.length;
      ops.push(...bundleOps(chain, transaction, entryPointId, version));
      const tx = chain.transactions.at(transaction)!;
      bundles.push({
        transaction,
        block: tx.block,
        bundlerId: tx.fromId,
        entryPointId,
        bundleIndex: 0,
        ops: ops.slice(start).map((_, k) => start + k),
      });
    }
    const byHash = new Map(ops.map((op, i) => [lower(op.hash), i]));
    const accounts = new Map<AccountId, { ops: number[]; creationOp: number | null }>();
    const bundlers = new Map<AccountId, { bundles: number; ops: number }>();
    const paymasters = new Map<AccountId, number>();
    const factories = new Map<AccountId, number>();
    ops.forEach((op, i) => {
      const account = accounts.get(op.senderId) ?? { ops: [], creationOp: null };
      account.ops.push(i);
      if (op.factoryId !== null) {
        account.creationOp = i;
        factories.set(op.factoryId, (factories.get(op.factoryId) ?? 0) + 1);
      }
      accounts.set(op.senderId, account);
      if (op.paymasterId !== null) paymasters.set(op.paymasterId, (paymasters.get(op.paymasterId) ?? 0) + 1);
    });
    for (const b of bundles) {
      const entry = bundlers.get(b.bundlerId) ?? { bundles: 0, ops: 0 };
      bundlers.set(b.bundlerId, { bundles: entry.bundles + 1, ops: entry.ops + b.ops.length });
    }
    return { ops, byHash, bundles, entryPoints, accounts, bundlers, paymasters, factories };
  });
}

/** The operation with hash `hash` (any case), or undefined. */
export const userOpByHash = (facts: Facts, hash: string): UserOperationFact | undefined => {
  const i = userOpsOf(facts).byHash.get(lower(hash));
  return i === undefined ? undefined : userOpsOf(facts).ops[i];
};

/** The operations newest first, as the indexer lists them: by block, then hash, descending (made once per chain). */
export const opsNewestFirst = (facts: Facts): readonly number[] =>
  facts.memo.get('user-ops:newest-first', () => {
    const { ops } = userOpsOf(facts);
    return ops
      .map((_, i) => i)
      .sort((a, b) => {
        const [x, y] = [ops[a]!, ops[b]!];
        if (x.block !== y.block) return y.block - x.block;
        const [hx, hy] = [BigInt(x.hash), BigInt(y.hash)];
        return hx === hy ? 0 : hx < hy ? 1 : -1;
      });
  });
