import type { AbiFunction } from 'abitype';
import * as Address from 'ox/Address';
import { checksumProblem, parseCoinAmount } from '../../scenarios/entities.js';
import type { ContractKind } from '../../src/chain/types.js';
import { TOKEN_KIND } from '../activity/deploy.js';
import { coinTransfer } from '../activity/coinTransfer.js';
import { canAfford, gas } from '../activity/pick.js';
import { BuildChainError } from '../chainInput.js';
import { abiOf } from '../contracts/abiOf.js';
import type { TransferSpec } from '../ledger/plan.js';
import type { LedgerState } from '../ledger/state.js';
import type { Cast } from './cast.js';
import { spreadSteps, type ScriptStep } from './step.js';


/** The successful calls whose effects the ledger models: their token transfers and events. */
const MODELLED = new Set(['erc20.transfer(address,uint256)', 'erc20.approve(address,uint256)', 'erc721.transferFrom(address,address,uint256)', 'erc721.safeTransferFrom(address,address,uint256)', 'erc721.setApprovalForAll(address,bool)']);

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
  for (const [i, tx] of (state.scenario.activity ?? []).entries()) {
    const path = `activity[${i}]`;
    const fail = (where: string, problem: string) => new BuildChainError(`buildChain: ${path}${where}: ${problem}`, `${path}${where}`);
    const fromId = cast.named.get(tx.from)!;
    const token = tokens.find((t) => t.symbol === tx.to);
    const value = parseCoinAmount(tx.value ?? '0') as bigint;
    const ok = tx.status !== 'error';
    let kind: ContractKind | null = null;
    let fn: AbiFunction | null = null;
    if (tx.call) {
      kind = TOKEN_KIND[token!.type];
      fn = abiOf(kind).find((x): x is AbiFunction => x.type === 'function' && signatureOf(x) === tx.call!.signature) ?? null;
      if (!fn) throw fail('.call.signature', `the ${token!.type} ABI of ${tx.to} has no ${tx.call.signature}`);
      if (fn.inputs.length !== tx.call.args.length) throw fail('.call.args', `${tx.call.signature} takes ${fn.inputs.length} arguments, got ${tx.call.args.length}`);
      if (ok && !MODELLED.has(`${kind}.${tx.call.signature}`)) throw fail('.call', `a successful ${tx.call.signature} on an ${token!.type} is not modelled yet (give status "error" for a failing one); modelled: ${[...MODELLED].join(', ')}`);
    }
    for (let r = 0; r < (tx.repeat ?? 1); r++) {
      const step: Omit<ScriptStep, 'notBefore'> = {
        label: `special:activity:${i}:${r}`,
        plan: (s) => {
          const hashOfName = (name: string | number | boolean, where: string): string => {
            if (typeof name === 'string' && /^0x[0-9a-fA-F]{40}$/.test(name)) {
              const checksum = checksumProblem(name);
              if (checksum) throw fail(where, checksum);
              return Address.checksum(name.toLowerCase() as `0x${string}`);
            }
            const id = typeof name === 'string' ? (cast.named.get(name) ?? cast.namedTokens.get(name)) : undefined;
            if (id === undefined) throw fail(where, `${JSON.stringify(name)} is no named account, named token or 0x address`);
            return s.state.accounts[id]!.hash;
          };
          const toId = token ? cast.namedTokens.get(tx.to)! : cast.named.get(tx.to)!;
          const args = (fn?.inputs ?? []).map((p, k) => {
            const raw = tx.call!.args[k]!;
            const where = `.call.args[${k}]`;
            if (p.type === 'address') return hashOfName(raw, where);
            const integer = /^(u?)int([0-9]*)$/.exec(p.type);
            if (integer) {
              // In range for the type, so encoding it later (for the input and its decoding) cannot fail.
              const bits = BigInt(integer[2] || 256);
              const [min, max] = integer[1] ? [0n, 2n ** bits - 1n] : [-(2n ** (bits - 1n)), 2n ** (bits - 1n) - 1n];
              const value = typeof raw !== 'boolean' && /^-?[0-9]+$/.test(String(raw)) ? BigInt(raw) : null;
              if (value === null || value < min || value > max) throw fail(where, `${p.type} ${p.name}: give an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
              return value;
            }
            if (p.type === 'bool') {
              if (typeof raw !== 'boolean') throw fail(where, `bool ${p.name}: give true or false, got ${JSON.stringify(raw)}`);
              return raw;
            }
            if (typeof raw !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(raw)) throw fail(where, `${p.type} ${p.name}: give 0x-prefixed hex, got ${JSON.stringify(raw)}`);
            return raw;
          });
          if (!canAfford(s, fromId, value, tx.call ? 90_000 : 21_000)) throw fail('.from', `${tx.from} cannot pay for it at block ${s.ctx.height}`);
          if (!tx.call) return coinTransfer(s, fromId, toId, value);
          const base = { fromId, toId, value, call: kind && fn ? { contractKind: kind, functionName: fn.name, args } : null };
          if (!ok) return { ...base, ...gas(s, 22_000, 30_000), revertReason: tx.revertReason ?? 'execution reverted' };
          const tokenId = toId;
          const ledger = s.state.tokens.get(tokenId)!;
          const idOf = (hash: unknown) => s.state.byLower.get(String(hash).toLowerCase());
          const transfers: TransferSpec[] = [];
          if (fn!.name === 'transfer') {
            const amount = args[1] as bigint;
            if ((ledger.balances.get(fromId) ?? 0n) < amount) throw fail('.call.args[1]', `${tx.from} holds ${ledger.balances.get(fromId) ?? 0n} of ${tx.to} at block ${s.ctx.height}, cannot send ${amount}`);
            const to = idOf(args[0]);
            if (to === undefined) throw fail('.call.args[0]', 'tokens go to a known account');
            transfers.push({ tokenId, fromId, toId: to, tokenIds: null, amounts: [amount] });
          } else if (fn!.name === 'transferFrom' || fn!.name === 'safeTransferFrom') {
            const id = args[2] as bigint;
            if (ledger.owners.get(id) !== fromId || idOf(args[0]) !== fromId) throw fail('.call.args[2]', `${tx.from} does not own ${tx.to} #${id} at block ${s.ctx.height}`);
            const to = idOf(args[1]);
            if (to === undefined) throw fail('.call.args[1]', 'tokens go to a known account');
            transfers.push({ tokenId, fromId, toId: to, tokenIds: [id], amounts: [ledger.unit] });
          }
          return { ...base, ...gas(s, 40_000, 80_000), ...(transfers.length ? { transfers } : { events: 1 }) };
        },
      };
      if (tx.at !== undefined) timed.push({ ...step, notBefore: tx.at });
      else spread.push(step);
    }
  }
  return { timed, spread: spreadSteps(spread, state.scenario.blocks, 0.9) };
}
