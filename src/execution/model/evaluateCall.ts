import type { Abi, AbiFunction } from 'abitype';
import * as AbiFunctions from 'ox/AbiFunction';
import { abiOf } from '../../../generators/contracts/abiOf.js';
import { dispatch, functionBySelector } from '../../../generators/contracts/dispatch.js';
import type { AccountId } from '../../chain/types.js';
import type { Steps } from '../../lazy/steps.js';
import { codeAt } from '../../domain/contracts.js';
import { delegateAt } from '../../domain/delegations.js';
import { ExecutionRefused } from '../../protocol/errors.js';
import type { CallRequest, CallResult, CallState } from '../executor.js';
import { CALL_GAS, type CallBudget, type CallEnv, callBudget, charge } from './callEnv.js';
import { catalogueModel } from './catalogueModels.js';
import { declaredRead } from './declaredReads.js';
import { MULTICALL3, multicall3 } from './multicall3.js';
import { type ModelOutcome, NotModelled, revertResult } from './outcome.js';
import { tokenModel } from './tokenModels.js';

const ZERO = '0x0000000000000000000000000000000000000000';
/** `Panic(0x11)`: arithmetic overflow, as Solidity 0.8 reverts with it. */
const PANIC_OVERFLOW = `0x4e487b71${'0'.repeat(62)}11` as const;

/** The ABI a contract's calls are decoded with: its own code's, or the catalogue's for its kind. */
function abiOfCode(ctx: CallState, id: AccountId): Abi {
  const contract = ctx.chain.accounts[id]!.contract!;
  return contract.custom?.abi ?? abiOf(contract.kind);
}

/** How the node's refusal to answer a call it does not model begins. */
export const NOT_MODELLED = 'explorer-mock does not model';

/** Why the node cannot answer, and how to make it: said plainly instead of a made-up value. */
function notModelled(ctx: CallState, self: AccountId, codeId: AccountId, what: string): never {
  const account = ctx.chain.accounts[self]!;
  const named = ctx.chain.accounts[codeId]!.contract?.kind === 'custom';
  throw new ExecutionRefused(
    `${NOT_MODELLED} ${what} of ${account.hash}: the ledger holds no value for it${
      named
        ? '. Declare what it returns in the scenario: entities.contracts[].reads, e.g. {"function": "greet()", "returns": ["gm"]}, or activity[].sets for what a call changes'
        : ' (only the catalogue views whose values follow from the chain are answered)'
    }`,
  );
}

/**
 * The result of a call at block `height`, from the ledger, without an EVM: an account without code
 * answers `0x`; a contract answers the functions its model knows (tokens, the catalogue's views,
 * a scenario's declared reads, Multicall3), a proxy with its implementation's; a selector the ABI
 * lacks or calldata that does not decode reverts, as a contract without a fallback does; anything
 * else throws the node's error saying what is not modelled. Past the budget's gas (a Multicall3 of
 * Multicall3s), throws `OutOfGas`. In steps: a step after each of Multicall3's inner calls, so its
 * caller may answer others between them.
 */
export function* evaluateCall(
  ctx: CallState,
  request: CallRequest,
  height: number,
  depth = 0,
  budget: CallBudget = callBudget(),
): Steps<CallResult> {
  charge(budget, CALL_GAS);
  if (request.to === null)
    throw new ExecutionRefused(
      'explorer-mock does not run contract creation code in eth_call: deploy it as a scenario contract (entities.contracts) instead',
    );
  if (request.to === MULTICALL3) return yield* multicall3(ctx, request, height, depth, budget, evaluateCall);
  const self = ctx.chain.accountByHash.get(request.to);
  if (self === undefined || codeAt(ctx.facts, self, height) === '0x') return { ok: true, returnData: '0x' };
  const contract = ctx.chain.accounts[self]!.contract;
  const selector = request.data.slice(0, 10);
  const env: CallEnv = { ctx, height, self, from: request.from ?? ZERO, value: request.value };
  // A transparent proxy answers its own functions to its admin only; every other call runs its implementation's code,
  // and a delegated account (EIP-7702) its delegate's.
  let codeId = contract ? self : delegateAt(ctx.facts, self, height)!;
  const proxied = contract?.kind === 'minimal-proxy' || contract?.kind === 'transparent-proxy';
  if (contract?.kind === 'transparent-proxy') {
    const own = functionBySelector(abiOf('transparent-proxy'), selector);
    const admin = String(contract.constructorArgs[1]).toLowerCase();
    if (own && env.from === admin) return encode(env, own, request.data, self, proxyModel(env, own.name));
  }
  if (proxied) codeId = contract!.implementationId;
  const { fn, reverts } = dispatch(abiOfCode(ctx, codeId), request.data, request.value);
  if (reverts) return revertResult(null);
  // Its receive or fallback: a call the ledger gives no effect beyond its value.
  if (!fn) return { ok: true, returnData: '0x', ran: { name: 'fallback' } };
  return encode(env, fn, request.data, codeId, null);
}

function proxyModel(env: CallEnv, name: string): ModelOutcome | NotModelled {
  const contract = env.ctx.chain.accounts[env.self]!.contract!;
  if (name === 'implementation') return { returns: [env.ctx.chain.accounts[contract.implementationId]!.lower] };
  if (name === 'admin') return { returns: [String(contract.constructorArgs[1]).toLowerCase()] };
  return new NotModelled(`TransparentUpgradeableProxy.${name}`);
}

/** Decodes the call, asks the model (or uses `given`), and encodes what it returns. */
function encode(
  env: CallEnv,
  fn: AbiFunction,
  data: `0x${string}`,
  codeId: AccountId,
  given: ModelOutcome | NotModelled | null,
): CallResult {
  let args: readonly unknown[];
  try {
    args = fn.inputs.length ? (AbiFunctions.decodeData(fn, data) as readonly unknown[]) : [];
  } catch {
    return revertResult(null);
  }
  const outcome = given ?? modelOf(env, codeId, fn, args);
  if (outcome instanceof NotModelled) notModelled(env.ctx, env.self, codeId, outcome.why);
  if ('revert' in outcome) return revertResult(outcome.revert, outcome.data);
  const values = outcome.returns;
  const standard = env.ctx.chain.accounts[env.self]!.contract!.token?.type;
  let returnData: `0x${string}` = '0x';
  try {
    if (fn.outputs.length)
      returnData = AbiFunctions.encodeResult(fn, (fn.outputs.length === 1 ? values[0] : values) as never);
  } catch {
    // A value past its type's range: the contract's checked arithmetic would have reverted.
    return revertResult(null, PANIC_OVERFLOW);
  }
  return { ok: true, returnData, ran: standard ? { standard, name: fn.name } : { name: fn.name } };
}

function modelOf(
  env: CallEnv,
  codeId: AccountId,
  fn: AbiFunction,
  args: readonly unknown[],
): ModelOutcome | NotModelled {
  const self = env.ctx.chain.accounts[env.self]!.contract!;
  if (self.token) return tokenModel(env, fn.name, args);
  const code = env.ctx.chain.accounts[codeId]!.contract!;
  if (code.kind === 'custom') return declaredRead(env, fn, args);
  return catalogueModel(env, codeId, fn.name, args);
}
