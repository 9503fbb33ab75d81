import type { Abi, AbiEvent, AbiFunction, AbiParameter } from 'abitype';
import * as OxAbiFunction from 'ox/AbiFunction';
import { argumentValue, type RawArgument } from '../../scenarios/abiArguments.js';
import { callAbi } from '../../scenarios/contractEntities.js';
import { smartAccountKey } from '../../scenarios/entities.js';
import { parseCoinAmount, ZERO_ADDRESS } from '../../scenarios/values.js';
import { type ContractKind, type Hex, NONE } from '../../src/chain/types.js';
import { TOKEN_KIND } from '../activity/deploy.js';
import { coinTransfer } from '../activity/coinTransfer.js';
import { setCodeTransaction, ZERO_ID } from '../activity/setCode.js';
import { canAfford, gas } from '../activity/pick.js';
import { bundlePlan, type Erc4337Book, ownedSmartAccount, type SmartAccount } from '../activity/userOps.js';
import { BuildChainError } from '../chainInput.js';
import { abiOf } from '../contracts/abiOf.js';
import type { TransferSpec, TxPlan } from '../ledger/plan.js';
import type { LedgerState } from '../ledger/state.js';
import type { Scene } from '../activity/context.js';
import type { Cast } from './cast.js';
import { declaredReadOf } from './declaredReads.js';
import { namedAddress } from './namedContractSteps.js';
import { spreadSteps, type ScriptStep } from './step.js';
import { activityKey, executedActivity } from '../ledger/contractRuns.js';

/** The successful calls whose effects the ledger models: their token transfers and events. */
const MODELLED = new Set([
  'erc20.transfer(address,uint256)',
  'erc20.approve(address,uint256)',
  'erc721.transferFrom(address,address,uint256)',
  'erc721.safeTransferFrom(address,address,uint256)',
  'erc721.setApprovalForAll(address,bool)',
]);

const signatureOf = (fn: AbiFunction) => `${fn.name}(${fn.inputs.map((p) => p.type).join(',')})`;

/**
 * The scenario's scripted transactions: those with `at` for a queue of their own, run at their
 * block (or the next with room) once the set-up is done, ahead of other scripted steps; the rest
 * spread after the set-up. A call is checked against the token's ABI and encoded with it, so
 * `decoded_input` and `method` follow; a failing one is mined with its revert reason and no effect;
 * a successful one moves what its method moves. An entry with `userOperation` is that call made
 * by the owner's smart account in an ERC-4337 operation `from` bundles (`userOperationPlan`).
 * Throws `BuildChainError` at the entry's path for what cannot be realised.
 */
export function activitySteps(
  state: LedgerState,
  cast: Cast,
  erc4337: () => Erc4337Book | null = () => null,
): { timed: ScriptStep[]; spread: ScriptStep[] } {
  const timed: ScriptStep[] = [];
  const spread: Omit<ScriptStep, 'notBefore'>[] = [];
  const tokens = state.scenario.entities?.tokens ?? [];
  const contracts = state.scenario.entities?.contracts ?? [];
  // The calls of contracts running their own code: the EVM's runs of them replace the models' plans.
  const executed = new Set(executedActivity(state.scenario).map((e) => e.index));
  // The smart accounts the user operations come from, one per (EntryPoint, owner, salt): counterfactual from genesis.
  const smartAccounts = new Map<string, SmartAccount>();
  for (const [i, tx] of (state.scenario.activity ?? []).entries()) {
    const op = tx.userOperation;
    if (!op) continue;
    const key = smartAccountKey(op);
    let account = smartAccounts.get(key);
    if (!account) {
      const ownerId = cast.named.get(op.owner)!;
      account = ownedSmartAccount(
        { id: ownerId, hash: state.accounts[ownerId]!.hash },
        BigInt(op.salt ?? 0),
        op.entryPoint ?? '0.7',
      );
      smartAccounts.set(key, account);
    }
    if (op.account !== undefined && !cast.namedSmartAccounts.has(op.account))
      cast.namedSmartAccounts.set(op.account, {
        hash: account.hash,
        // The book sets the id when its first operation deploys it.
        get id() {
          return account.id;
        },
        path: `activity[${i}].userOperation.account`,
      });
  }
  for (const [i, tx] of (state.scenario.activity ?? []).entries()) {
    const path = `activity[${i}]`;
    const fail = (where: string, problem: string) =>
      new BuildChainError(`buildChain: ${path}${where}: ${problem}`, `${path}${where}`);
    const fromId = cast.named.get(tx.from)!;
    const token = tokens.find((t) => t.symbol === tx.to);
    const contract = contracts.find((c) => c.name === tx.to);
    const value = parseCoinAmount(tx.value ?? '0') as bigint;
    const ok = tx.status !== 'error';
    let kind: ContractKind | null = null;
    let fn: AbiFunction | null = null;
    let abi: Abi = [];
    if (tx.call) {
      kind = token ? TOKEN_KIND[token.type] : 'custom';
      abi = token ? abiOf(kind) : callAbi(contracts, contract!);
      const what = token
        ? `the ${token.type} ABI of ${tx.to}`
        : `the ABI of ${tx.to}${contract!.proxy ? ` (its implementation ${contract!.proxy.implementation}'s)` : ''}`;
      fn = abi.find((x): x is AbiFunction => x.type === 'function' && signatureOf(x) === tx.call!.signature) ?? null;
      if (!fn) throw fail('.call.signature', `${what} has no ${tx.call.signature}`);
      if (fn.inputs.length !== tx.call.args.length)
        throw fail(
          '.call.args',
          `${tx.call.signature} takes ${fn.inputs.length} arguments, got ${tx.call.args.length}`,
        );
      // A call records its method by name and arity: an overload of the same arity could not be told apart.
      const first = abi.find(
        (x): x is AbiFunction => x.type === 'function' && x.name === fn!.name && x.inputs.length === fn!.inputs.length,
      );
      if (first !== fn)
        throw fail(
          '.call.signature',
          `${what} overloads ${fn.name} with ${fn.inputs.length} arguments (${signatureOf(first!)} and ${tx.call.signature}): only the first can be called here`,
        );
      if (ok && token && !MODELLED.has(`${kind}.${tx.call.signature}`))
        throw fail(
          '.call',
          `a successful ${tx.call.signature} on an ${token!.type} is not modelled yet (give status "error" for a failing one); modelled: ${[...MODELLED].join(', ')}`,
        );
    }
    const events = (tx.emits ?? []).map((e, k) => {
      const event = abi.find((x): x is AbiEvent => x.type === 'event' && x.name === e.event);
      if (!event) throw fail(`.emits[${k}].event`, `the ABI of ${tx.to} has no event ${e.event}`);
      if (event.inputs.length !== e.args.length)
        throw fail(`.emits[${k}].args`, `${e.event} takes ${event.inputs.length} arguments, got ${e.args.length}`);
      const first = abi.find(
        (x): x is AbiEvent => x.type === 'event' && x.name === e.event && x.inputs.length === e.args.length,
      );
      if (first !== event)
        throw fail(
          `.emits[${k}].event`,
          `the ABI of ${tx.to} overloads event ${e.event}: only the first can be emitted here`,
        );
      return event;
    });
    // Once it succeeds, the called contract's views answer what it set (a proxy's: at the proxy).
    const after: ScriptStep['after'] = tx.sets?.length
      ? (s, t) => {
          const transaction = s.state.transactions[t]!;
          const target = s.state.accounts[transaction.toId]!.contract!;
          const reads = tx.sets!.map((read, k) =>
            declaredReadOf(
              contracts,
              contract!,
              read,
              transaction.block,
              (name) => namedAddress(s.state, s.cast, name),
              `${path}.sets[${k}]`,
            ),
          );
          target.reads = [...(target.reads ?? []), ...reads];
        }
      : undefined;
    /** The token moves a successful call of a named token makes from `holderId` (none for approvals); throws where the holder lacks them. */
    const tokenTransfers = (
      s: Scene,
      tokenId: number,
      args: readonly unknown[],
      holderId: number | null,
      holder: string,
    ): Omit<TransferSpec, 'fromId'>[] => {
      const ledger = s.state.tokens.get(tokenId)!;
      const idOf = (hash: unknown) => s.state.byLower.get(String(hash).toLowerCase());
      const balance = holderId === null ? 0n : (ledger.balances.get(holderId) ?? 0n);
      if (fn!.name === 'transfer') {
        const amount = args[1] as bigint;
        if (balance < amount)
          throw fail(
            '.call.args[1]',
            `${holder} holds ${balance} of ${tx.to} at block ${s.ctx.height}, cannot send ${amount}`,
          );
        const to = idOf(args[0]);
        if (to === undefined) throw fail('.call.args[0]', 'tokens go to a known account');
        return [{ tokenId, toId: to, tokenIds: null, amounts: [amount] }];
      }
      if (fn!.name === 'transferFrom' || fn!.name === 'safeTransferFrom') {
        const id = args[2] as bigint;
        if (holderId === null || ledger.owners.get(id) !== holderId || idOf(args[0]) !== holderId)
          throw fail('.call.args[2]', `${holder} does not own ${tx.to} #${id} at block ${s.ctx.height}`);
        const to = idOf(args[1]);
        if (to === undefined) throw fail('.call.args[1]', 'tokens go to a known account');
        return [{ tokenId, toId: to, tokenIds: [id], amounts: [ledger.unit] }];
      }
      if (tx.userOperation)
        throw fail(
          '.call',
          `a successful ${tx.call!.signature} in a user operation is not modelled yet (its event); modelled: ERC-20 transfer, ERC-721 transferFrom and safeTransferFrom`,
        );
      return [];
    };
    for (let r = 0; r < (tx.repeat ?? 1); r++) {
      const step: Omit<ScriptStep, 'notBefore'> = {
        label: `special:activity:${i}:${r}`,
        ...(after ? { after } : {}),
        plan: (s) => {
          const valuesOf = (
            parameters: readonly AbiParameter[],
            raws: readonly RawArgument[],
            where: (k: number) => string,
          ) =>
            parameters.map((p, k) => {
              const found = argumentValue(p, raws[k]!, (name) => namedAddress(s.state, s.cast, name));
              if ('problem' in found) throw fail(where(k), found.problem);
              return found.value;
            });
          const smartTo = cast.namedSmartAccounts.get(tx.to);
          if (smartTo && smartTo.id === null)
            throw fail(
              '.to',
              `the smart account ${tx.to} is not deployed yet at block ${s.ctx.height} (its first user operation deploys it)`,
            );
          const toId = token
            ? cast.namedTokens.get(tx.to)!
            : contract
              ? cast.namedContracts.get(tx.to)!
              : (smartTo?.id ?? cast.named.get(tx.to)!);
          if (tx.delegate !== undefined) {
            const delegateId =
              tx.delegate.toLowerCase() === ZERO_ADDRESS ? ZERO_ID : cast.namedContracts.get(tx.delegate);
            if (delegateId === undefined)
              throw fail('.delegate', `${tx.delegate} is not deployed yet at block ${s.ctx.height}`);
            const plan = setCodeTransaction(s, toId, delegateId, { sponsorId: fromId, batch: false });
            if (!plan) throw fail('.from', `${tx.from} cannot pay for it at block ${s.ctx.height}`);
            return plan;
          }
          const args = fn ? valuesOf(fn.inputs, tx.call!.args, (k) => `.call.args[${k}]`) : [];
          if (tx.userOperation) {
            const account = smartAccounts.get(smartAccountKey(tx.userOperation))!;
            const label = tx.userOperation.account ?? `${tx.userOperation.owner}'s smart account`;
            const moved = ok && token && fn ? tokenTransfers(s, toId, args, account.id, label) : [];
            return userOperationPlan(s, {
              book: erc4337(),
              account,
              label,
              bundlerId: fromId,
              bundler: tx.from,
              toId,
              value,
              data: fn ? (OxAbiFunction.encodeData(fn as OxAbiFunction.AbiFunction, args as never) as Hex) : '0x',
              transfers: moved,
              revertReason: ok ? null : (tx.revertReason ?? 'execution reverted'),
              sponsored: tx.userOperation.sponsored === true,
              key: BigInt(tx.userOperation.key ?? 0),
              fail,
            });
          }
          if (!canAfford(s, fromId, value, tx.call ? 90_000 : 21_000))
            throw fail('.from', `${tx.from} cannot pay for it at block ${s.ctx.height}`);
          const call = kind && fn ? { contractKind: kind, functionName: fn.name, args } : null;
          if (!ok)
            return {
              fromId,
              toId,
              value,
              call,
              ...gas(s, 22_000, 30_000),
              revertReason: tx.revertReason ?? 'execution reverted',
            };
          if (!tx.call)
            return contract
              ? { fromId, toId, value, call: null, ...gas(s, 21_100, 30_000) }
              : coinTransfer(s, fromId, toId, value);
          if (contract) {
            const emitted = events.map((event, k) => ({
              contractKind: 'custom' as const,
              name: event.name,
              args: valuesOf(event.inputs, tx.emits![k]!.args, (a) => `.emits[${k}].args[${a}]`),
            }));
            const implementationId = s.state.accounts[toId]!.contract!.implementationId;
            return {
              fromId,
              toId,
              value,
              call,
              ...gas(s, 30_000, 90_000),
              ...(emitted.length ? { events: emitted.length, emitted } : {}),
              // A proxy runs its implementation's code by delegatecall.
              ...(implementationId !== NONE
                ? {
                    internals: [
                      {
                        type: 'delegatecall' as const,
                        fromId: toId,
                        toId: implementationId,
                        value: 0n,
                        gasLimit: 80_000n,
                      },
                    ],
                  }
                : {}),
            };
          }
          const transfers: TransferSpec[] = tokenTransfers(s, toId, args, fromId, tx.from).map((t) => ({
            ...t,
            fromId,
          }));
          return {
            fromId,
            toId,
            value,
            call,
            ...gas(s, 40_000, 80_000),
            ...(transfers.length ? { transfers } : { events: 1 }),
          };
        },
      };
      const placed = executed.has(i) ? withRun(step, activityKey(i, r)) : step;
      if (tx.at !== undefined) timed.push({ ...placed, notBefore: tx.at });
      else spread.push(placed);
    }
  }
  return { timed, spread: spreadSteps(spread, state.scenario.blocks, 0.9) };
}

/**
 * A step whose transaction is what the EVM did running it (`ContractRuns` under `key`), where the
 * run is known; the runs are told which transaction it is once applied.
 */
function withRun(step: Omit<ScriptStep, 'notBefore'>, key: string): Omit<ScriptStep, 'notBefore'> {
  return {
    ...step,
    plan: (s) => {
      const model = step.plan(s);
      return model && (s.state.contractRuns.get(key)?.plan(s.state, model) ?? model);
    },
    after: (s, t) => {
      step.after?.(s, t);
      s.state.contractRuns.placed?.(key, t);
    },
  };
}

/**
 * A scenario's own user operation, bundled alone by `bundlerId` through the generator's
 * `bundlePlan`: the account's call of `toId` (its nonce on `key`, its factory deploying it on its
 * first operation, sponsored by the version's paymaster or paid from its balance). Throws at the
 * entry's path for what cannot be realised at this block.
 */
function userOperationPlan(
  s: Scene,
  o: {
    readonly book: Erc4337Book | null;
    readonly account: SmartAccount;
    readonly label: string;
    readonly bundlerId: number;
    readonly bundler: string;
    readonly toId: number;
    readonly value: bigint;
    readonly data: Hex;
    readonly transfers: readonly Omit<TransferSpec, 'fromId'>[];
    readonly revertReason: string | null;
    readonly sponsored: boolean;
    readonly key: bigint;
    readonly fail: (where: string, problem: string) => BuildChainError;
  },
): TxPlan {
  const { account, fail } = o;
  const height = s.ctx.height;
  if (!o.book) throw fail('.userOperation', 'this chain has no EntryPoint');
  if (account.id === null && !o.sponsored)
    throw fail(
      '.userOperation.sponsored',
      `this operation deploys ${o.label} (its first), so the paymaster must sponsor it: a counterfactual account holds nothing to pay with`,
    );
  const balance = account.id === null ? 0n : s.state.accounts[account.id]!.balance;
  if (o.revertReason === null && balance < o.value)
    throw fail('.value', `${o.label} holds ${balance} wei at block ${height}, cannot send ${o.value}`);
  const target = s.state.accounts[o.toId]!.contract;
  const implementationId = target && target.implementationId !== NONE ? target.implementationId : null;
  const built = bundlePlan(s, o.book, o.bundlerId, account.version, [
    {
      account,
      intent: {
        kind: 'call',
        toId: o.toId,
        value: o.value,
        data: o.data,
        transfers: o.transfers,
        revertReason: o.revertReason,
        implementationId,
      },
      sponsored: o.sponsored,
      key: o.key,
    },
  ]);
  if (!built)
    throw o.sponsored
      ? fail('.userOperation.sponsored', `the paymaster's deposit cannot cover its prefund at block ${height}`)
      : fail('.userOperation', `${o.label} cannot pay its prefund (and value) at block ${height}: fund it first`);
  if (!canAfford(s, o.bundlerId, 0n, built.plan.gasLimit))
    throw fail('.from', `${o.bundler} cannot pay for the bundle at block ${height}`);
  return built.plan;
}
