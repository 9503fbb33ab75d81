import * as AbiFunction from 'ox/AbiFunction';
import * as Address from 'ox/Address';
import {
  type Call,
  type Contract,
  type ContractKind,
  type Hex,
  NONE,
  type SignedFields,
  type TokenType,
} from '../../src/chain/types.js';
import { accessListGas, AUTHORIZATION_GAS } from '../../src/protocol/intrinsicGas.js';
import type { SentTransaction } from '../../src/protocol/sentTransaction.js';
import type { Abi } from 'abitype';
import { abiOf } from '../contracts/abiOf.js';
import { dispatch, functionBySelector } from '../contracts/dispatch.js';
import { callGas } from '../contracts/gasTable.js';
import { TOKEN_WRITE_FUNCTIONS, type TokenReader, tokenWrite } from '../contracts/tokenRules.js';
import type { AuthorizationSpec, TransferSpec, TxPlan } from './plan.js';
import { registerAccount } from './registerAccount.js';
import { sentDeposit } from './sentDeposit.js';
import { approvalsOf } from './approvals.js';
import type { LedgerState } from './state.js';

export type { SentTransaction } from '../../src/protocol/sentTransaction.js';

/** A function's arguments decoded from call data, or undefined when the data does not decode. */
function argsOf(fn: AbiFunction.AbiFunction, data: Hex): readonly unknown[] | undefined {
  try {
    return fn.inputs.length ? ((AbiFunction.decodeData(fn, data) as readonly unknown[] | undefined) ?? []) : [];
  } catch {
    return undefined;
  }
}

/** A call of `fn` decoded from its data, so the explorer shows its method (`kind`: the code whose ABI has it; the selector, which of its overloads). */
function decodedCall(kind: ContractKind, fn: AbiFunction.AbiFunction, data: Hex): Call | null {
  const args = argsOf(fn, data);
  return args
    ? { contractKind: kind, functionName: fn.name, args, selector: data.slice(0, 10).toLowerCase() as Hex }
    : null;
}

/** Each standard's writes as an ABI (made once). */
const WRITE_ABIS = new Map<TokenType, Abi>();

/** The token write a call's data names (by the standard's functions), decoded; undefined when it names none or does not decode. */
function writeOf(type: TokenType, data: Hex): { name: string; args: readonly unknown[] } | undefined {
  let abi = WRITE_ABIS.get(type);
  if (!abi) WRITE_ABIS.set(type, (abi = (TOKEN_WRITE_FUNCTIONS[type] ?? []).map((s) => AbiFunction.from(s)) as Abi));
  const fn = functionBySelector(abi, data.slice(0, 10));
  const args = fn && argsOf(fn, data);
  return fn && args ? { name: fn.name, args } : undefined;
}

/**
 * The code a contract's calls run: a proxy's implementation's (its admin's calls of a transparent
 * proxy: the proxy's own), else its own; its kind (which names the ABI a call is shown with) and ABI.
 */
function callCode(
  state: LedgerState,
  contract: Contract,
  caller: string,
  selector: string,
): { readonly kind: ContractKind; readonly abi: Abi } {
  if (contract.kind === 'transparent-proxy') {
    const own = abiOf('transparent-proxy');
    if (String(contract.constructorArgs[1]).toLowerCase() === caller && functionBySelector(own, selector))
      return { kind: 'transparent-proxy', abi: own };
  }
  const code =
    contract.kind === 'minimal-proxy' || contract.kind === 'transparent-proxy'
      ? state.accounts[contract.implementationId]!.contract!
      : contract;
  return { kind: code.kind, abi: code.kind === 'custom' ? (code.custom?.abi ?? []) : abiOf(code.kind) };
}

/**
 * The gas a sent call uses, the one rule `eth_estimateGas` answers by too: 21,000, the calldata
 * and access list, and its execution (none where there is no code; a token write's fixed cost; a
 * default for any other call).
 */
export function sentGas(call: {
  readonly data: Hex;
  readonly accessList: SignedFields['accessList'];
  readonly hasCode: boolean;
  readonly tokenType?: TokenType | undefined;
}): number {
  const type = call.hasCode ? call.tokenType : undefined;
  const write = type ? writeOf(type, call.data) : undefined;
  const execution = call.hasCode ? (write && type ? { standard: type, name: write.name } : {}) : null;
  return accessListGas(call.accessList) + callGas(call.data, execution);
}

/** A token's state now, as its write rules read it: balances and owners from the ledger, approvals from the sends. */
export function readerOf(state: LedgerState, tokenId: number): TokenReader {
  const ledger = state.tokens.get(tokenId)!;
  const approvals = approvalsOf(state, tokenId);
  const idOf = (address: string) => state.byLower.get(address);
  return {
    type: ledger.type,
    balanceOf(holder, id) {
      const h = idOf(holder);
      if (h === undefined) return 0n;
      if (ledger.type === 'ERC-1155') return ledger.multi.get(h)?.get(id!) ?? 0n;
      if (ledger.type === 'ERC-20') return ledger.balances.get(h) ?? 0n;
      return BigInt(ledger.ownedIds.get(h)?.size ?? 0);
    },
    allowance: (owner, spender) => approvals.allowances.get(`${owner}:${spender}`) ?? 0n,
    ownerOf(id) {
      const owner = ledger.owners.get(id);
      return owner === undefined ? undefined : state.accounts[owner]!.lower;
    },
    approved: (id) => approvals.approved.get(id),
    approvedForAll: (owner, operator) => approvals.operators.has(`${owner}:${operator}`),
  };
}

/** The id of an address, registering it when the chain has not seen it yet (a fresh recipient). */
function idFor(state: LedgerState, address: string): number {
  return state.byLower.get(address) ?? registerAccount(state, `sent:${address}`, { hash: Address.checksum(address) });
}

/** A sent set-code transaction's authorizations for the ledger: their authorities and delegates as accounts (new ones registered). */
function authorizationsOf(state: LedgerState, sent: SentTransaction): AuthorizationSpec[] {
  return (sent.signed.authorizationList ?? []).map((a) => ({
    authorityId: a.authority === null ? NONE : idFor(state, a.authority),
    delegateId: idFor(state, a.address),
    chainId: a.chainId,
    nonce: a.nonce,
  }));
}

/** The account whose code `id` runs once `authorizations` apply in order (the last that holds for it), else its delegate now. */
function delegateAfter(
  state: LedgerState,
  fromId: number,
  id: number,
  authorizations: readonly AuthorizationSpec[],
): number | undefined {
  // The sender's own nonce is taken by the transaction first.
  const nonces = new Map([[fromId, state.accounts[fromId]!.nonce + 1]]);
  let delegate = state.delegations.get(id);
  for (const a of authorizations) {
    if (a.authorityId === NONE) continue;
    const nonce = nonces.get(a.authorityId) ?? state.accounts[a.authorityId]!.nonce;
    if (a.nonce !== BigInt(nonce)) continue;
    nonces.set(a.authorityId, nonce + 1);
    if (a.authorityId === id) delegate = a.delegateId === 0 ? undefined : a.delegateId;
  }
  return delegate;
}

/**
 * What runs a transaction a client sent: the plan the open block applies (the execution port's send
 * half), at `position` (`ledgerPosition`) of the ledger.
 */
export type SendPlanner = (state: LedgerState, sent: SentTransaction, position?: string) => TxPlan;

/**
 * How the pool runs sends: their plans (undefined: the models' `sentPlan`), and, where an executor
 * runs some sends ahead of the pool (an EVM runs asynchronously), which those are and whether one
 * has a run made for the ledger as it is now.
 */
export interface SendRunner {
  readonly plan: (state: LedgerState, sent: SentTransaction, position: string) => TxPlan | undefined;
  readonly ahead?: {
    /** Whether `sent` must be run ahead before the open block can take it, on `state` (a creation, a call of code of its own). */
    readonly needs: (state: LedgerState, sent: SentTransaction) => boolean;
    /** Whether `sent` was run ahead on the ledger at `position` (`ledgerPosition`), so the pool may apply it there. */
    readonly ready: (sent: SentTransaction, position: string) => boolean;
  };
}

/** What a sent transaction fixes itself in its plan (its hash, type, fees, signature), where a generated one draws it. */
export const sentPart = (sent: SentTransaction) => ({
  hash: sent.hash,
  type: sent.type,
  maxFeePerGas: sent.maxFeePerGas,
  maxPriorityFeePerGas: sent.maxPriorityFeePerGas,
  signed: sent.signed,
});

/**
 * What a sent transaction does, as a plan the ledger applies, and the approvals to record once it
 * is applied: a token write of the standards the ledger models moves tokens and emits its events
 * by the standard's rules, or reverts with their reason; any other call moves its value and does
 * nothing else; gas beyond the limit runs out. The sender is known and can pay (admission checked).
 */
export const sentPlan: SendPlanner = (state, sent) => {
  const fromId = state.byLower.get(sent.from)!;
  const toId = idFor(state, sent.to!);
  const input = sent.signed.input;
  const authorizations = authorizationsOf(state, sent);
  const base = {
    fromId,
    toId,
    value: sent.value,
    gasLimit: sent.gasLimit,
    ...(authorizations.length ? { authorizations } : {}),
    sent: sentPart(sent),
  };
  // A delegated account runs its delegate's code (EIP-7702), once this transaction's own authorizations apply.
  const delegate = delegateAfter(state, fromId, toId, authorizations);
  const own = state.accounts[toId]!.contract;
  const contract = own ?? (delegate === undefined ? null : state.accounts[delegate]!.contract);
  const hasCode = contract !== null && contract.creationStatus === 'success';
  const token = own && hasCode && contract.token ? state.tokens.get(toId) : undefined;
  const write = token && writeOf(token.type, input);
  // Gas as eth_estimateGas counts it: by the code the callee has before this transaction's authorizations apply.
  const hadCode = own !== null ? hasCode : state.delegations.has(toId);
  const gasUsed =
    sentGas({ data: input, accessList: sent.signed.accessList, hasCode: hadCode, tokenType: token?.type }) +
    AUTHORIZATION_GAS * authorizations.length;
  const code = hasCode ? callCode(state, contract, sent.from, input.slice(0, 10)) : undefined;
  const dispatched = code && !write ? dispatch(code.abi, input, sent.value) : undefined;
  const call = write
    ? { contractKind: code!.kind, functionName: write.name, args: write.args }
    : dispatched?.fn
      ? decodedCall(code!.kind, dispatched.fn, input)
      : null;
  if (gasUsed > sent.gasLimit) return { ...base, call, gasUsed: sent.gasLimit, revertReason: 'out of gas' };
  // What the contract's dispatcher refuses (no such function and no fallback, coin to a non-payable one) reverts, as eth_call says.
  if (dispatched?.reverts) return { ...base, call, gasUsed, revertReason: 'execution reverted' };
  // The beacon deposit contract's one write: its checks, and the log EIP-6110 reads.
  if (own?.kind === 'deposit-contract' && hasCode && call?.functionName === 'deposit')
    return sentDeposit({ ...base, call, gasUsed });
  if (!write) return { ...base, call, gasUsed };
  const caller = sent.from;
  const outcome =
    sent.value > 0n
      ? { ok: false as const, reason: null }
      : tokenWrite(readerOf(state, toId), caller, write.name, write.args);
  if (!outcome) return { ...base, call, gasUsed };
  if (!outcome.ok) return { ...base, call, gasUsed, revertReason: outcome.reason ?? 'execution reverted' };
  const transfers: TransferSpec[] = outcome.moves.map((move) => ({
    tokenId: toId,
    fromId: idFor(state, move.from),
    toId: idFor(state, move.to),
    tokenIds: move.ids,
    amounts: move.amounts,
  }));
  const args = write.args;
  const kind = contract!.kind;
  // The events a write emits besides its Transfer logs (the ledger keeps the approvals they state).
  let emitted: NonNullable<TxPlan['emitted']> = [];
  switch (`${token!.type}:${write.name}`) {
    case 'ERC-20:approve':
      emitted = [{ contractKind: kind, name: 'Approval', args: [Address.checksum(caller), args[0], args[1]] }];
      break;
    case 'ERC-721:approve': {
      const owner = readerOf(state, toId).ownerOf(args[1] as bigint)!;
      emitted = [{ contractKind: kind, name: 'Approval', args: [Address.checksum(owner), args[0], args[1]] }];
      break;
    }
    case 'ERC-721:setApprovalForAll':
    case 'ERC-1155:setApprovalForAll':
      emitted = [{ contractKind: kind, name: 'ApprovalForAll', args: [Address.checksum(caller), args[0], args[1]] }];
  }
  return {
    ...base,
    call,
    gasUsed,
    transfers,
    ...(emitted.length ? { events: emitted.length, emitted } : {}),
  };
};
