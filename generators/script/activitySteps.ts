import type { Abi, AbiEvent, AbiFunction, AbiParameter } from 'abitype';
import { argumentValue, type RawArgument } from '../../scenarios/abiArguments.js';
import { callAbi } from '../../scenarios/contractEntities.js';
import { parseCoinAmount, ZERO_ADDRESS } from '../../scenarios/values.js';
import { type ContractKind, NONE } from '../../src/chain/types.js';
import { TOKEN_KIND } from '../activity/deploy.js';
import { coinTransfer } from '../activity/coinTransfer.js';
import { setCodeTransaction, ZERO_ID } from '../activity/setCode.js';
import { canAfford, gas } from '../activity/pick.js';
import { BuildChainError } from '../chainInput.js';
import { abiOf } from '../contracts/abiOf.js';
import type { TransferSpec } from '../ledger/plan.js';
import type { LedgerState } from '../ledger/state.js';
import type { Cast } from './cast.js';
import { declaredReadOf } from './declaredReads.js';
import { namedAddress } from './namedContractSteps.js';
import { spreadSteps, type ScriptStep } from './step.js';

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
 * a successful one moves what its method moves. Throws `BuildChainError` at the entry's path for
 * what cannot be realised.
 */
export function activitySteps(state: LedgerState, cast: Cast): { timed: ScriptStep[]; spread: ScriptStep[] } {
  const timed: ScriptStep[] = [];
  const spread: Omit<ScriptStep, 'notBefore'>[] = [];
  const tokens = state.scenario.entities?.tokens ?? [];
  const contracts = state.scenario.entities?.contracts ?? [];
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
          const toId = token
            ? cast.namedTokens.get(tx.to)!
            : contract
              ? cast.namedContracts.get(tx.to)!
              : cast.named.get(tx.to)!;
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
          const tokenId = toId;
          const ledger = s.state.tokens.get(tokenId)!;
          const idOf = (hash: unknown) => s.state.byLower.get(String(hash).toLowerCase());
          const transfers: TransferSpec[] = [];
          if (fn!.name === 'transfer') {
            const amount = args[1] as bigint;
            if ((ledger.balances.get(fromId) ?? 0n) < amount)
              throw fail(
                '.call.args[1]',
                `${tx.from} holds ${ledger.balances.get(fromId) ?? 0n} of ${tx.to} at block ${s.ctx.height}, cannot send ${amount}`,
              );
            const to = idOf(args[0]);
            if (to === undefined) throw fail('.call.args[0]', 'tokens go to a known account');
            transfers.push({ tokenId, fromId, toId: to, tokenIds: null, amounts: [amount] });
          } else if (fn!.name === 'transferFrom' || fn!.name === 'safeTransferFrom') {
            const id = args[2] as bigint;
            if (ledger.owners.get(id) !== fromId || idOf(args[0]) !== fromId)
              throw fail('.call.args[2]', `${tx.from} does not own ${tx.to} #${id} at block ${s.ctx.height}`);
            const to = idOf(args[1]);
            if (to === undefined) throw fail('.call.args[1]', 'tokens go to a known account');
            transfers.push({ tokenId, fromId, toId: to, tokenIds: [id], amounts: [ledger.unit] });
          }
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
      if (tx.at !== undefined) timed.push({ ...step, notBefore: tx.at });
      else spread.push(step);
    }
  }
  return { timed, spread: spreadSteps(spread, state.scenario.blocks, 0.9) };
}
