import * as AbiFunction from 'ox/AbiFunction';
import * as AbiParameters from 'ox/AbiParameters';
import * as Address from 'ox/Address';
import * as ContractAddress from 'ox/ContractAddress';
import * as UserOperation from 'ox/erc4337/UserOperation';
import * as Hash from 'ox/Hash';
import * as Hex from 'ox/Hex';
import { type ContractKind, DEFAULT_CHAIN_ID, type Hex as HexString } from '../../src/chain/types.js';
import { abiOf } from '../contracts/abiOf.js';
import { GWEI } from '../ledger/blockContext.js';
import type { InternalSpec, TransferSpec, TxPlan } from '../ledger/plan.js';
import { accountCodeLabel, type Erc4337Deployment, type EntryPointVersion, factoryAddress } from '../script/erc4337.js';
import type { Scene } from './context.js';
import { roundAmount } from './pick.js';

/** Bytes as the chain holds them: lower-case hex (an address inside them loses its checksum). */
const lower = (hex: string): HexString => hex.toLowerCase() as HexString;

const ZERO_ADDRESS: HexString = '0x0000000000000000000000000000000000000000';
const ERROR_SELECTOR = '0x08c379a0';

/** A smart account of the chain, counterfactual until its first operation deploys it. */
export interface SmartAccount {
  readonly hash: HexString;
  readonly version: EntryPointVersion;
  readonly ownerId: number;
  readonly salt: bigint;
  /** The factory's CREATE2 salt, where it is not `salt` itself (a scenario's own accounts: keccak256(owner ‖ salt)). */
  readonly create2Salt?: bigint;
  /** Its account id once deployed. */
  id: number | null;
  /** The next sequence number of each nonce key (ERC-4337's two-dimensional nonce). */
  readonly sequences: Map<bigint, bigint>;
}

/** What the user-operation generator keeps between blocks: accounts and the EntryPoints' deposits. */
export interface Erc4337Book {
  readonly deployments: readonly Erc4337Deployment[];
  readonly accounts: SmartAccount[];
  /** Per EntryPoint account id: each depositor's deposit (what `balanceOf` answers). */
  readonly deposits: Map<number, Map<number, bigint>>;
}

/** What one operation does once validated. */
export type OpIntent =
  | { readonly kind: 'noop' }
  | { readonly kind: 'coin'; readonly toIds: readonly number[]; readonly values: readonly bigint[] }
  | { readonly kind: 'token'; readonly tokenId: number; readonly toId: number; readonly amount: bigint }
  /** A token transfer above the account's balance: the call reverts, the operation fails and still pays. */
  | { readonly kind: 'failing-token'; readonly tokenId: number; readonly toId: number; readonly amount: bigint }
  /**
   * A scenario's own call: `execute(to, value, data)`, moving `value` and the token `transfers` it
   * names (from the account) when it succeeds; with a revert reason it reverts and moves nothing.
   * A proxy runs its implementation's code by delegatecall.
   */
  | {
      readonly kind: 'call';
      readonly toId: number;
      readonly value: bigint;
      readonly data: HexString;
      readonly transfers: readonly Omit<TransferSpec, 'fromId'>[];
      readonly revertReason: string | null;
      readonly implementationId: number | null;
    };

export interface OpRequest {
  readonly account: SmartAccount;
  readonly intent: OpIntent;
  readonly sponsored: boolean;
  readonly key: bigint;
}

const kindOf = (version: EntryPointVersion): ContractKind =>
  version === '0.6' ? 'entry-point-v06' : 'entry-point-v07';

const encode = (kind: ContractKind, name: string, args: readonly unknown[]): HexString => {
  const fn = AbiFunction.fromAbi(abiOf(kind) as never, name as never);
  return AbiFunction.encodeData(fn as AbiFunction.AbiFunction, args as never) as HexString;
};

/** `Error(string)` as a contract reverts with it. */
export const errorData = (reason: string): HexString =>
  Hex.concat(ERROR_SELECTOR, AbiParameters.encode([{ type: 'string' }], [reason])) as HexString;

/** The address a factory's CREATE2 gives an account (as `createContract` computes it). */
export const counterfactualAddress = (factory: HexString, salt: bigint, version: EntryPointVersion): HexString =>
  Address.checksum(
    ContractAddress.fromCreate2({
      from: factory,
      salt: Hex.padLeft(Hex.fromNumber(salt), 32),
      bytecodeHash: Hash.keccak256(Hex.fromString(accountCodeLabel(version))),
    }),
  ) as HexString;

/**
 * A scenario's own smart account: the one the version's factory creates for `owner` with `salt`
 * (`createAccount(owner, salt)`), at CREATE2 with the salt keccak256(owner ‖ salt) (abi.encodePacked,
 * as LightAccount's factory takes it), so an owner's accounts are its own and apart from the
 * generated ones. Counterfactual until its first operation.
 */
export function ownedSmartAccount(
  owner: { readonly id: number; readonly hash: HexString },
  salt: bigint,
  version: EntryPointVersion,
): SmartAccount {
  const create2Salt = Hex.toBigInt(
    Hash.keccak256(Hex.concat(owner.hash, Hex.padLeft(Hex.fromNumber(salt), 32)) as HexString),
  );
  return {
    hash: counterfactualAddress(factoryAddress(version), create2Salt, version),
    version,
    ownerId: owner.id,
    salt,
    create2Salt,
    id: null,
    sequences: new Map(),
  };
}

export const deploymentOf = (book: Erc4337Book, version: EntryPointVersion): Erc4337Deployment =>
  book.deployments.find((d) => d.version === version)!;

export const depositOf = (book: Erc4337Book, entryPointId: number, accountId: number): bigint =>
  book.deposits.get(entryPointId)?.get(accountId) ?? 0n;

/** A paymaster's deposit in the EntryPoint, funded by the deployer (`depositTo`). */
export function paymasterDeposit(scene: Scene, book: Erc4337Book, version: EntryPointVersion, amount: bigint): TxPlan {
  const { state } = scene;
  const d = deploymentOf(book, version);
  const paymaster = state.accounts[d.paymasterId]!.hash;
  const total = depositOf(book, d.entryPointId, d.paymasterId) + amount;
  return {
    fromId: 1,
    toId: d.entryPointId,
    value: amount,
    gasUsed: 46_000 + scene.rng.int(0, 800),
    gasLimit: 60_000,
    call: { contractKind: kindOf(version), functionName: 'depositTo', args: [paymaster] },
    events: 1,
    emitted: [{ contractKind: kindOf(version), name: 'Deposited', args: [paymaster, total] }],
    onApplied: () => setDeposit(book, d.entryPointId, d.paymasterId, total),
  };
}

const setDeposit = (book: Erc4337Book, entryPointId: number, id: number, value: bigint) => {
  let map = book.deposits.get(entryPointId);
  if (!map) book.deposits.set(entryPointId, (map = new Map()));
  map.set(id, value);
};

/** One operation, drawn and priced, with everything the bundle needs to apply it. */
interface PlannedOp {
  readonly request: OpRequest;
  readonly hash: HexString;
  readonly sender: HexString;
  readonly nonce: bigint;
  readonly arg: Record<string, unknown>;
  readonly deploys: boolean;
  readonly paymasterId: number | null;
  readonly missing: bigint;
  readonly cost: bigint;
  readonly gasUsed: bigint;
  readonly preVerificationGas: bigint;
  readonly limits: bigint;
  readonly success: boolean;
  readonly revertReason: HexString | null;
  readonly sequence: bigint;
  /** The sender's deposit once its missing prefund is in (what `Deposited` says). */
  readonly depositedTotal: bigint;
}

/** The call an operation's account makes: its callData (execute or executeBatch). */
function callDataOf(scene: Scene, intent: OpIntent, ownerHash: HexString): HexString {
  const hash = (id: number) => scene.state.accounts[id]!.hash;
  switch (intent.kind) {
    case 'noop':
      return encode('smart-account', 'execute', [ownerHash, 0n, '0x']);
    case 'coin':
      return intent.toIds.length === 1
        ? encode('smart-account', 'execute', [hash(intent.toIds[0]!), intent.values[0]!, '0x'])
        : encode('smart-account', 'executeBatch', [
            intent.toIds.map(hash),
            intent.values,
            intent.toIds.map(() => '0x'),
          ]);
    case 'call':
      return encode('smart-account', 'execute', [hash(intent.toId), intent.value, intent.data]);
    case 'token':
    case 'failing-token':
      return encode('smart-account', 'execute', [
        hash(intent.tokenId),
        0n,
        encode('erc20', 'transfer', [hash(intent.toId), intent.amount]),
      ]);
  }
}

/** Prices and packs one operation; null when its sender (or its paymaster) cannot pay the prefund. */
function planOp(scene: Scene, book: Erc4337Book, request: OpRequest, deposits: Map<number, bigint>): PlannedOp | null {
  const { state, ctx, rng } = scene;
  const { account, intent, key } = request;
  const d = deploymentOf(book, account.version);
  const entryPoint = state.accounts[d.entryPointId]!.hash;
  const deploys = account.id === null;
  const sequence = account.sequences.get(key) ?? 0n;
  const nonce = (key << 64n) | sequence;
  const ownerHash = state.accounts[account.ownerId]!.hash;
  const tip = rng.bigint(GWEI / 100n, 2n * GWEI);
  const maxFeePerGas = 2n * ctx.baseFee + tip;
  const gasPrice = ctx.baseFee + tip;
  const callGasLimit = BigInt(rng.int(40, 120) * 1_000);
  const verificationGasLimit = BigInt(rng.int(60, 110) * 1_000 + (deploys ? 250_000 : 0));
  const preVerificationGas = BigInt(rng.int(44_000, 56_000));
  const paymasterId = request.sponsored ? d.paymasterId : null;
  const pmVerification = paymasterId === null ? 0n : BigInt(rng.int(30, 60) * 1_000);
  const pmPostOp = paymasterId === null || account.version === '0.6' ? 0n : BigInt(rng.int(0, 2) * 10_000);
  const limits = callGasLimit + verificationGasLimit + preVerificationGas + pmVerification + pmPostOp;
  const prefund = limits * maxFeePerGas;
  const share = (limit: bigint, lo: number, hi: number) => (limit * BigInt(rng.int(lo, hi))) / 100n;
  const gasUsed =
    preVerificationGas +
    share(verificationGasLimit, 55, 90) +
    share(callGasLimit, intent.kind === 'noop' ? 10 : 30, 85) +
    share(pmVerification, 40, 80);
  const cost = gasUsed * gasPrice;
  const payerId = paymasterId ?? account.id;
  const deposit = payerId === null ? 0n : (deposits.get(payerId) ?? depositOf(book, d.entryPointId, payerId));
  const missing = paymasterId !== null ? 0n : prefund > deposit ? prefund - deposit : 0n;
  if (paymasterId !== null && deposit < prefund) return null;
  if (paymasterId === null) {
    if (account.id === null) return null;
    const spends =
      intent.kind === 'coin'
        ? intent.values.reduce((a, b) => a + b, 0n)
        : intent.kind === 'call' && intent.revertReason === null
          ? intent.value
          : 0n;
    if (state.accounts[account.id]!.balance < missing + spends) return null;
  }
  const success = intent.kind === 'call' ? intent.revertReason === null : intent.kind !== 'failing-token';
  const revertReason = success
    ? null
    : errorData(intent.kind === 'call' ? intent.revertReason! : 'ERC20: transfer amount exceeds balance');
  const factory = deploys ? state.accounts[d.factoryId]!.hash : undefined;
  // The salt the factory is given is the one its CREATE2 uses (the factory's source takes it as it comes).
  const factoryData = deploys
    ? encode('account-factory', 'createAccount', [ownerHash, account.create2Salt ?? account.salt])
    : undefined;
  const paymaster = paymasterId === null ? undefined : state.accounts[paymasterId]!.hash;
  const paymasterData = paymasterId === null ? undefined : (Hex.concat(rng.hex(12), rng.hex(65)) as HexString);
  const callData = callDataOf(scene, intent, ownerHash);
  const signature = rng.hex(65);
  const chainId = state.scenario.chainId ?? DEFAULT_CHAIN_ID;
  let hash: HexString;
  let arg: Record<string, unknown>;
  if (account.version === '0.6') {
    const initCode = deploys ? lower(Hex.concat(factory!, factoryData!)) : '0x';
    const paymasterAndData = paymaster ? lower(Hex.concat(paymaster, paymasterData!)) : '0x';
    const op = {
      sender: account.hash,
      nonce,
      initCode,
      callData,
      callGasLimit,
      verificationGasLimit,
      preVerificationGas,
      maxFeePerGas,
      maxPriorityFeePerGas: tip,
      paymasterAndData,
      signature,
    };
    hash = UserOperation.hash(op as never, { chainId, entryPointAddress: entryPoint, entryPointVersion: '0.6' });
    arg = op;
  } else {
    const op = {
      sender: account.hash,
      nonce,
      callData,
      callGasLimit,
      verificationGasLimit,
      preVerificationGas,
      maxFeePerGas,
      maxPriorityFeePerGas: tip,
      signature,
      ...(deploys ? { factory, factoryData } : {}),
      ...(paymaster
        ? {
            paymaster,
            paymasterVerificationGasLimit: pmVerification,
            paymasterPostOpGasLimit: pmPostOp,
            paymasterData,
          }
        : {}),
    };
    hash = UserOperation.hash(op as never, { chainId, entryPointAddress: entryPoint, entryPointVersion: '0.7' });
    const packed = UserOperation.toPacked(op as never);
    arg = { ...packed, initCode: lower(packed.initCode), paymasterAndData: lower(packed.paymasterAndData) };
  }
  if (payerId !== null) deposits.set(payerId, deposit + missing - cost);
  const depositedTotal = deposit + missing;
  return {
    request,
    hash,
    sender: account.hash,
    nonce,
    arg,
    deploys,
    paymasterId,
    missing,
    cost,
    gasUsed,
    preVerificationGas,
    limits,
    success,
    revertReason,
    sequence,
    depositedTotal,
  };
}

/**
 * A bundle: the bundler's `handleOps` on one EntryPoint with the operations that validate (one per
 * sender). Validation creates first-time senders by their factory (`AccountDeployed`) and takes
 * each self-paying sender's missing prefund into its deposit (`Deposited`); after
 * `BeforeExecution` each operation runs (its coin and token moves, or a revert reported by
 * `UserOperationRevertReason`) and is reported by `UserOperationEvent`; the EntryPoint pays the
 * bundler what the operations paid. Null when no operation validates.
 */
export function bundlePlan(
  scene: Scene,
  book: Erc4337Book,
  bundlerId: number,
  version: EntryPointVersion,
  requests: readonly OpRequest[],
): { plan: TxPlan; ops: readonly { hash: HexString; sender: HexString }[] } | null {
  const { state } = scene;
  const d = deploymentOf(book, version);
  const kind = kindOf(version);
  const entryPointId = d.entryPointId;
  const entryPoint = state.accounts[entryPointId]!.hash;
  const deposits = new Map<number, bigint>();
  const ops = requests.flatMap((r) => planOp(scene, book, r, deposits) ?? []);
  if (!ops.length) return null;

  // A deploying operation's sender is the next account the ledger registers: its factory's
  // CREATE2 runs before anything else of this transaction creates an account.
  let nextId = state.accounts.length;
  const senderIds = ops.map((op) => op.request.account.id ?? nextId++);
  const internals: InternalSpec[] = [];
  const transfers: TransferSpec[] = [];
  const emitted: { contractKind: ContractKind; name: string; args: readonly unknown[] }[] = [];
  const gasLimitOf = () => BigInt(scene.rng.int(20, 400) * 1_000);
  const paymasterHash = (op: PlannedOp) =>
    op.paymasterId === null ? ZERO_ADDRESS : state.accounts[op.paymasterId]!.hash;

  ops.forEach((op, k) => {
    const senderId = senderIds[k]!;
    if (op.deploys) {
      internals.push({ type: 'call', fromId: entryPointId, toId: d.factoryId, value: 0n, gasLimit: gasLimitOf() });
      internals.push({
        type: 'create2',
        fromId: d.factoryId,
        value: 0n,
        gasLimit: gasLimitOf(),
        create: {
          kind: 'smart-account',
          name: 'SimpleAccount',
          verification: 'full',
          constructorArgs: [entryPoint],
          salt: Hex.padLeft(Hex.fromNumber(op.request.account.create2Salt ?? op.request.account.salt), 32) as HexString,
          bytecodeLabel: accountCodeLabel(version),
        },
      });
      emitted.push({
        contractKind: kind,
        name: 'AccountDeployed',
        args: [op.hash, op.sender, state.accounts[d.factoryId]!.hash, paymasterHash(op)],
      });
    }
    internals.push({ type: 'call', fromId: entryPointId, toId: senderId, value: 0n, gasLimit: gasLimitOf() });
    if (op.missing > 0n) {
      internals.push({ type: 'call', fromId: senderId, toId: entryPointId, value: op.missing, gasLimit: gasLimitOf() });
      emitted.push({ contractKind: kind, name: 'Deposited', args: [op.sender, op.depositedTotal] });
    }
    if (op.paymasterId !== null)
      internals.push({ type: 'call', fromId: entryPointId, toId: op.paymasterId, value: 0n, gasLimit: gasLimitOf() });
  });
  emitted.push({ contractKind: kind, name: 'BeforeExecution', args: [] });
  let paid = 0n;
  ops.forEach((op, k) => {
    const senderId = senderIds[k]!;
    const intent = op.request.intent;
    const failed = op.success ? {} : { error: 'execution reverted' };
    internals.push({
      type: 'call',
      fromId: entryPointId,
      toId: senderId,
      value: 0n,
      gasLimit: gasLimitOf(),
      ...failed,
    });
    if (intent.kind === 'coin')
      intent.toIds.forEach((toId, i) =>
        internals.push({ type: 'call', fromId: senderId, toId, value: intent.values[i]!, gasLimit: gasLimitOf() }),
      );
    if (intent.kind === 'call') {
      internals.push({
        type: 'call',
        fromId: senderId,
        toId: intent.toId,
        value: intent.value,
        gasLimit: gasLimitOf(),
        ...failed,
      });
      if (intent.implementationId !== null)
        internals.push({
          type: 'delegatecall',
          fromId: intent.toId,
          toId: intent.implementationId,
          value: 0n,
          gasLimit: gasLimitOf(),
          ...failed,
        });
      if (op.success) for (const t of intent.transfers) transfers.push({ ...t, fromId: senderId });
    }
    if (intent.kind === 'token' || intent.kind === 'failing-token') {
      internals.push({
        type: 'call',
        fromId: senderId,
        toId: intent.tokenId,
        value: 0n,
        gasLimit: gasLimitOf(),
        ...failed,
      });
      if (op.success)
        transfers.push({
          tokenId: intent.tokenId,
          fromId: senderId,
          toId: intent.toId,
          tokenIds: null,
          amounts: [intent.amount],
        });
    }
    if (!op.success)
      emitted.push({
        contractKind: kind,
        name: 'UserOperationRevertReason',
        args: [op.hash, op.sender, op.nonce, op.revertReason],
      });
    emitted.push({
      contractKind: kind,
      name: 'UserOperationEvent',
      args: [op.hash, op.sender, paymasterHash(op), op.nonce, op.success, op.cost, op.gasUsed],
    });
    paid += op.cost;
  });
  internals.push({ type: 'call', fromId: entryPointId, toId: bundlerId, value: paid, gasLimit: gasLimitOf() });

  const txGasUsed = 26_000 + ops.reduce((sum, op) => sum + Number(op.gasUsed - op.preVerificationGas) + 9_000, 0);
  const limits = Number(ops.reduce((sum, op) => sum + op.limits, 0n));
  const txGasLimit = Math.ceil((limits + 60_000) / 1_000) * 1_000;

  return {
    ops: ops.map((op) => ({ hash: op.hash, sender: op.sender })),
    plan: {
      fromId: bundlerId,
      toId: entryPointId,
      value: 0n,
      gasUsed: txGasUsed,
      gasLimit: Math.max(txGasLimit, txGasUsed + 10_000),
      call: {
        contractKind: kind,
        functionName: 'handleOps',
        args: [ops.map((op) => op.arg), state.accounts[bundlerId]!.hash],
      },
      events: emitted.length,
      emitted,
      internals,
      ...(transfers.length ? { transfers } : {}),
      onApplied: () => {
        ops.forEach((op, k) => {
          const account = op.request.account;
          if (account.id === null) {
            const id = state.byLower.get(account.hash.toLowerCase());
            if (id !== senderIds[k]) throw new Error(`smart account ${account.hash} is not account ${senderIds[k]}`);
            account.id = id!;
          }
          account.sequences.set(op.request.key, op.sequence + 1n);
        });
        for (const [id, value] of deposits) setDeposit(book, entryPointId, id, value);
      },
    },
  };
}

/** A coin amount an account can spend on one operation: a round share (per mille) of its balance. */
export const spendable = (balance: bigint, perMille: number): bigint =>
  roundAmount((balance * BigInt(perMille)) / 1_000n);
