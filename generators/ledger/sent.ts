import * as AbiFunction from 'ox/AbiFunction';
import * as Address from 'ox/Address';
import type { Account, Call, Hex, SignedFields, TokenType } from '../../src/chain/types.js';
import type { Abi } from 'abitype';
import { abiOf } from '../contracts/abiOf.js';
import { calldataGas, callGas } from '../contracts/gasTable.js';
import { TOKEN_WRITE_FUNCTIONS, type TokenReader, tokenWrite } from '../contracts/tokenRules.js';
import type { TransferSpec, TxPlan } from './plan.js';
import { registerAccount } from './registerAccount.js';
import type { LedgerState, TokenApprovals } from './state.js';

/** A signed transaction a client sent, decoded and its sender recovered; addresses lower-case. */
export interface SentTransaction {
  /** The keccak of the signed payload, as on any chain. */
  readonly hash: Hex;
  readonly from: string;
  /** Null for a contract creation (refused: the ledger has no EVM to run init code). */
  readonly to: string | null;
  readonly nonce: number;
  readonly value: bigint;
  readonly gasLimit: number;
  readonly type: 0 | 1 | 2;
  /** The gas price (types 0 and 1), or the fee cap (type 2). */
  readonly maxFeePerGas: bigint;
  /** The tip (type 2); the gas price for types 0 and 1. */
  readonly maxPriorityFeePerGas: bigint;
  readonly signed: SignedFields;
}

const MAX_UINT256 = 2n ** 256n - 1n;

/** The gas every transaction pays before it runs: 21,000, its calldata and its access list (EIP-2930). */
export function intrinsicGas(sent: Pick<SentTransaction, 'signed'>): number {
  const list = sent.signed.accessList;
  const keys = list.reduce((n, entry) => n + entry.storageKeys.length, 0);
  return 21_000 + calldataGas(sent.signed.input) + 2_400 * list.length + 1_900 * keys;
}

/** The most a sent transaction can cost: its value and its gas at its fee cap. */
export const maxCostOf = (sent: SentTransaction): bigint => sent.value + BigInt(sent.gasLimit) * sent.maxFeePerGas;

const SELECTORS = new Map<TokenType, Map<string, AbiFunction.AbiFunction>>();

/** The token write a call's data names (by the standard's functions), decoded; undefined when it names none or does not decode. */
function writeOf(type: TokenType, data: Hex): { name: string; args: readonly unknown[] } | undefined {
  let bySelector = SELECTORS.get(type);
  if (!bySelector) {
    bySelector = new Map();
    for (const signature of TOKEN_WRITE_FUNCTIONS[type] ?? []) {
      const fn = AbiFunction.from(signature) as AbiFunction.AbiFunction;
      bySelector.set(AbiFunction.getSelector(fn), fn);
    }
    SELECTORS.set(type, bySelector);
  }
  const fn = bySelector.get(data.slice(0, 10).toLowerCase());
  if (!fn) return undefined;
  try {
    const decoded = AbiFunction.decodeData(fn, data) as readonly unknown[] | undefined;
    return { name: fn.name, args: decoded ?? [] };
  } catch {
    return undefined;
  }
}

const FUNCTIONS = new WeakMap<Abi, Map<string, AbiFunction.AbiFunction>>();

/** A call of a contract's own ABI (the catalogue's for its kind, or the scenario's code's), decoded, so the explorer shows its method; undefined when none matches. */
function callOf(contract: NonNullable<Account['contract']>, data: Hex): Call | undefined {
  if (data.length < 10) return undefined;
  const abi = contract.kind === 'custom' ? contract.custom?.abi : abiOf(contract.kind);
  if (!abi) return undefined;
  let bySelector = FUNCTIONS.get(abi);
  if (!bySelector) {
    bySelector = new Map();
    for (const item of abi)
      if (item.type === 'function') {
        const selector = AbiFunction.getSelector(item as AbiFunction.AbiFunction);
        if (!bySelector.has(selector)) bySelector.set(selector, item as AbiFunction.AbiFunction);
      }
    FUNCTIONS.set(abi, bySelector);
  }
  const fn = bySelector.get(data.slice(0, 10).toLowerCase());
  if (!fn) return undefined;
  try {
    const args = (AbiFunction.decodeData(fn, data) as readonly unknown[] | undefined) ?? [];
    return { contractKind: contract.kind, functionName: fn.name, args };
  } catch {
    return undefined;
  }
}

const approvalsOf = (state: LedgerState, tokenId: number): TokenApprovals => {
  let approvals = state.approvals.get(tokenId);
  if (!approvals)
    state.approvals.set(tokenId, (approvals = { allowances: new Map(), approved: new Map(), operators: new Set() }));
  return approvals;
};

/** A token's state now, as its write rules read it: balances and owners from the ledger, approvals from the sends. */
function readerOf(state: LedgerState, tokenId: number): TokenReader {
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

const lower = (value: unknown) => String(value).toLowerCase();

/**
 * What a sent transaction does, as a plan the ledger applies, and the approvals to record once it
 * is applied: a token write of the standards the ledger models moves tokens and emits its events
 * by the standard's rules, or reverts with their reason; any other call moves its value and does
 * nothing else; gas beyond the limit runs out. The sender is known and can pay (admission checked).
 */
export function sentPlan(state: LedgerState, sent: SentTransaction): TxPlan {
  const fromId = state.byLower.get(sent.from)!;
  const toId = idFor(state, sent.to!);
  const input = sent.signed.input;
  const listGas = intrinsicGas(sent) - 21_000 - calldataGas(input);
  const base = {
    fromId,
    toId,
    value: sent.value,
    gasLimit: sent.gasLimit,
    sent: {
      hash: sent.hash,
      type: sent.type,
      maxFeePerGas: sent.maxFeePerGas,
      maxPriorityFeePerGas: sent.maxPriorityFeePerGas,
      signed: sent.signed,
    },
  };
  const contract = state.accounts[toId]!.contract;
  const token = contract?.token ? state.tokens.get(toId) : undefined;
  const write = token && writeOf(token.type, input);
  const gasUsed =
    listGas + callGas(input, contract ? (write ? { standard: token!.type, name: write.name } : {}) : null);
  const call = write
    ? { contractKind: contract!.kind, functionName: write.name, args: write.args }
    : (contract && callOf(contract, input)) || null;
  if (gasUsed > sent.gasLimit) return { ...base, call, gasUsed: sent.gasLimit, revertReason: 'out of gas' };
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
  const approvals = approvalsOf(state, toId);
  const args = write.args;
  const kind = contract!.kind;
  let emitted: TxPlan['emitted'] = [];
  let onApplied: (() => void) | undefined;
  switch (`${token!.type}:${write.name}`) {
    case 'ERC-20:approve':
      emitted = [{ contractKind: kind, name: 'Approval', args: [Address.checksum(caller), args[0], args[1]] }];
      onApplied = () => approvals.allowances.set(`${caller}:${lower(args[0])}`, args[1] as bigint);
      break;
    case 'ERC-20:transferFrom': {
      const key = `${lower(args[0])}:${caller}`;
      const left = approvals.allowances.get(key)!;
      if (left !== MAX_UINT256) onApplied = () => approvals.allowances.set(key, left - (args[2] as bigint));
      break;
    }
    case 'ERC-721:approve': {
      const owner = readerOf(state, toId).ownerOf(args[1] as bigint)!;
      emitted = [{ contractKind: kind, name: 'Approval', args: [Address.checksum(owner), args[0], args[1]] }];
      onApplied = () => approvals.approved.set(args[1] as bigint, lower(args[0]));
      break;
    }
    case 'ERC-721:setApprovalForAll':
    case 'ERC-1155:setApprovalForAll':
      emitted = [{ contractKind: kind, name: 'ApprovalForAll', args: [Address.checksum(caller), args[0], args[1]] }];
      onApplied = () => {
        const pair = `${caller}:${lower(args[0])}`;
        if (args[1]) approvals.operators.add(pair);
        else approvals.operators.delete(pair);
      };
      break;
    default:
      // A moved NFT loses its approval, as the standard says.
      if (token!.type === 'ERC-721') onApplied = () => approvals.approved.delete(args[2] as bigint);
  }
  return {
    ...base,
    call,
    gasUsed,
    transfers,
    ...(emitted.length ? { events: emitted.length, emitted } : {}),
    ...(onApplied ? { onApplied } : {}),
  };
}
