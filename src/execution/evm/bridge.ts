import { EVMError, type PrecompileInput } from '@ethereumjs/evm';
import { bytesToHex, createAddressFromString, hexToBytes } from '@ethereumjs/util';
import type { Abi, AbiFunction } from 'abitype';
import * as AbiFunctions from 'ox/AbiFunction';
import * as Address from 'ox/Address';
import * as Hash from 'ox/Hash';
import * as Hex from 'ox/Hex';
import { abiOf } from '../../../generators/contracts/abiOf.js';
import { functionBySelector } from '../../../generators/contracts/dispatch.js';
import { executionGas } from '../../../generators/contracts/gasTable.js';
import {
  TOKEN_WRITE_FUNCTIONS,
  type TokenMove,
  type TokenReader,
  tokenWrite,
} from '../../../generators/contracts/tokenRules.js';
import type { ContractKind, TokenType } from '../../chain/types.js';
import { eventLog } from '../../domain/abiCoder.js';
import { allowanceSlot } from '../../chain/allowanceSlot.js';
import { revertData } from '../../domain/revertData.js';
import { ExecutionRefused } from '../../protocol/errors.js';
import { BRIDGE_ADDRESS, RECEIVER_CALL } from './stub.js';
import type { WorldStateManager } from './worldStateManager.js';

const KIND_OF_TOKEN: Record<TokenType, ContractKind> = {
  'ERC-20': 'erc20',
  'ERC-721': 'erc721',
  'ERC-1155': 'erc1155',
  'ERC-404': 'erc404',
};
const ZERO = '0x0000000000000000000000000000000000000000';
const MAX_UINT256 = 2n ** 256n - 1n;
/** What a view of a modelled contract costs: about a cold storage read. */
const VIEW_GAS = 2_600n;
/** A token's reads the bridge answers itself, from the token's state as this execution changed it. */
const STATE_READS = new Set(['balanceOf', 'balanceOfBatch', 'allowance', 'ownerOf', 'getApproved', 'isApprovedForAll']);

/** A write of the bridge: the slot (in the token's own storage) of one fact of its state, marked as set. */
const slotOf = (what: string) => Hash.keccak256(Hex.fromString(`explorer-mock:bridge:${what}`), { as: 'Bytes' });
const set = (value: bigint) => {
  const bytes = new Uint8Array(32);
  bytes[0] = 1;
  bytes.set(hexToBytes(Hex.fromNumber(value, { size: 31 })), 1);
  return bytes;
};
const read = (bytes: Uint8Array): bigint | undefined =>
  bytes.length === 32 && bytes[0] === 1 ? BigInt(bytesToHex(bytes.subarray(1))) : undefined;
const asAddress = (value: bigint) => `0x${value.toString(16).padStart(40, '0')}`;

/**
 * The slots the bridge wrote (`token:slot`), none a contract's storage: the ledger learns what they
 * hold from the logs, but for an ERC-20 allowance a `transferFrom` spent, which no log states.
 */
export type BridgeSlots = Map<
  string,
  { readonly token: string; readonly owner: string; readonly spender: string } | null
>;

/**
 * A modelled token's state as this execution sees it: what the bridge wrote in this execution
 * (kept in the token's storage, so a reverted call forgets it with the rest), else the ledger's.
 */
function tokenState(sm: WorldStateManager, token: string, base: TokenReader, written: BridgeSlots) {
  const slotFor = (what: string) =>
    what.startsWith('allowance:')
      ? hexToBytes(allowanceSlot(...(what.slice('allowance:'.length).split(':') as [string, string])))
      : slotOf(what);
  const get = (what: string) => read(sm.storageSync(token, slotFor(what)));
  const put = (what: string, value: bigint, allowance?: { owner: string; spender: string }) => {
    const slot = slotFor(what);
    written.set(`${token}:${bytesToHex(slot)}`, allowance ? { token, ...allowance } : null);
    sm.putStorageSync(token, slot, set(value));
  };
  const reader: TokenReader = {
    type: base.type,
    balanceOf: (holder, id) => get(`balance:${holder}:${id ?? ''}`) ?? base.balanceOf(holder, id),
    allowance: (owner, spender) => get(`allowance:${owner}:${spender}`) ?? base.allowance(owner, spender),
    ownerOf(id) {
      const owner = get(`owner:${id}`);
      if (owner === undefined) return base.ownerOf(id);
      return owner === 0n ? undefined : asAddress(owner);
    },
    approved(id) {
      const approved = get(`approved:${id}`);
      if (approved === undefined) return base.approved(id);
      return approved === 0n ? undefined : asAddress(approved);
    },
    approvedForAll: (owner, operator) => {
      const approved = get(`operator:${owner}:${operator}`);
      return approved === undefined ? base.approvedForAll(owner, operator) : approved === 1n;
    },
  };
  return {
    reader,
    setBalance: (holder: string, id: bigint | null, value: bigint) => put(`balance:${holder}:${id ?? ''}`, value),
    setAllowance: (owner: string, spender: string, value: bigint) =>
      put(`allowance:${owner}:${spender}`, value, { owner, spender }),
    setOwner: (id: bigint, owner: string) => put(`owner:${id}`, BigInt(owner)),
    setApproved: (id: bigint, approved: string) => put(`approved:${id}`, BigInt(approved)),
    setOperator: (owner: string, operator: string, approved: boolean) =>
      put(`operator:${owner}:${operator}`, approved ? 1n : 0n),
  };
}

/** An event of a token's standard ABI, as the EVM logs it (the token its emitter). */
function tokenLog(token: string, kind: ContractKind, name: string, args: readonly unknown[]) {
  const { topics, data } = eventLog(kind, name, args);
  return [
    hexToBytes(token as `0x${string}`),
    topics.filter((t): t is string => t !== null).map((t) => hexToBytes(t as `0x${string}`)),
    hexToBytes(data as `0x${string}`),
  ] as [Uint8Array, Uint8Array[], Uint8Array];
}

/** What a token write did: its moves applied to the token's state, and the logs it emits. */
function applyWrite(
  state: ReturnType<typeof tokenState>,
  token: string,
  kind: ContractKind,
  caller: string,
  name: string,
  args: readonly unknown[],
  moves: readonly TokenMove[],
) {
  const { reader } = state;
  const logs: [Uint8Array, Uint8Array[], Uint8Array][] = [];
  const checksum = (a: string) => Address.checksum(a as `0x${string}`);
  for (const move of moves) {
    if (move.ids === null) {
      const [amount] = move.amounts as [bigint];
      if (move.from !== ZERO) state.setBalance(move.from, null, reader.balanceOf(move.from) - amount);
      if (move.to !== ZERO) state.setBalance(move.to, null, reader.balanceOf(move.to) + amount);
      logs.push(tokenLog(token, kind, 'Transfer', [checksum(move.from), checksum(move.to), amount]));
      continue;
    }
    if (reader.type === 'ERC-1155') {
      move.ids.forEach((id, k) => {
        const amount = move.amounts[k]!;
        if (move.from !== ZERO) state.setBalance(move.from, id, reader.balanceOf(move.from, id) - amount);
        if (move.to !== ZERO) state.setBalance(move.to, id, reader.balanceOf(move.to, id) + amount);
      });
      const operator = checksum(caller);
      logs.push(
        move.ids.length === 1
          ? tokenLog(token, kind, 'TransferSingle', [
              operator,
              checksum(move.from),
              checksum(move.to),
              move.ids[0],
              move.amounts[0],
            ])
          : tokenLog(token, kind, 'TransferBatch', [
              operator,
              checksum(move.from),
              checksum(move.to),
              move.ids,
              move.amounts,
            ]),
      );
      continue;
    }
    for (const id of move.ids) {
      if (move.from !== ZERO) state.setBalance(move.from, null, reader.balanceOf(move.from) - 1n);
      if (move.to !== ZERO) state.setBalance(move.to, null, reader.balanceOf(move.to) + 1n);
      state.setOwner(id, move.to);
      state.setApproved(id, ZERO);
      logs.push(tokenLog(token, kind, 'Transfer', [checksum(move.from), checksum(move.to), id]));
    }
  }
  switch (`${reader.type}:${name}`) {
    case 'ERC-20:approve':
      state.setAllowance(caller, String(args[0]).toLowerCase(), args[1] as bigint);
      logs.push(tokenLog(token, kind, 'Approval', [checksum(caller), args[0], args[1]]));
      break;
    case 'ERC-20:transferFrom': {
      const [from, , amount] = args as [string, string, bigint];
      const left = reader.allowance(from.toLowerCase(), caller);
      if (left !== MAX_UINT256) state.setAllowance(from.toLowerCase(), caller, left - amount);
      break;
    }
    case 'ERC-721:approve': {
      const owner = reader.ownerOf(args[1] as bigint)!;
      state.setApproved(args[1] as bigint, String(args[0]).toLowerCase());
      logs.push(tokenLog(token, kind, 'Approval', [checksum(owner), args[0], args[1]]));
      break;
    }
    case 'ERC-721:setApprovalForAll':
    case 'ERC-1155:setApprovalForAll':
      state.setOperator(caller, String(args[0]).toLowerCase(), args[1] as boolean);
      logs.push(tokenLog(token, kind, 'ApprovalForAll', [checksum(caller), args[0], args[1]]));
  }
  return logs;
}

/** A token's answer to one of its state reads, from the state this execution sees. */
function stateRead(reader: TokenReader, name: string, args: readonly unknown[]): readonly unknown[] | undefined {
  const lower = (a: unknown) => String(a).toLowerCase();
  switch (name) {
    case 'balanceOf':
      return [reader.balanceOf(lower(args[0]), reader.type === 'ERC-1155' ? (args[1] as bigint) : undefined)];
    case 'balanceOfBatch': {
      const [holders, ids] = args as [readonly string[], readonly bigint[]];
      return holders.length === ids.length ? [holders.map((h, i) => reader.balanceOf(lower(h), ids[i]))] : undefined;
    }
    case 'allowance':
      return [reader.allowance(lower(args[0]), lower(args[1]))];
    case 'ownerOf': {
      const owner = reader.ownerOf(args[0] as bigint);
      return owner === undefined ? undefined : [owner];
    }
    case 'getApproved':
      return reader.ownerOf(args[0] as bigint) === undefined ? undefined : [reader.approved(args[0] as bigint) ?? ZERO];
    case 'isApprovedForAll':
      return [reader.approvedForAll(lower(args[0]), lower(args[1]))];
  }
  return undefined;
}

/** A token's functions as the bridge decodes a call: its ABI's, and the write forms its ABI lacks (ERC-721's `safeTransferFrom` with data). */
const functionsByKind = new Map<ContractKind, Abi>();
function functionsOf(kind: ContractKind, type: TokenType): Abi {
  let abi = functionsByKind.get(kind);
  if (!abi) {
    abi = [...abiOf(kind), ...(TOKEN_WRITE_FUNCTIONS[type] ?? []).map((f) => AbiFunctions.from(f))] as Abi;
    functionsByKind.set(kind, abi);
  }
  return abi;
}

/**
 * The receivers the token standards call on a safe transfer to a contract (OpenZeppelin 4's
 * `_checkOnERC721Received`, `_doSafeTransferAcceptanceCheck`, `_doSafeBatchTransferAcceptanceCheck`):
 * what the receiver is asked, the word it must answer, and the standard's texts when it does not.
 * The ticket names the check when the stub comes back with the receiver's answer.
 */
const RECEIVERS = {
  'ERC-721:safeTransferFrom': {
    ticket: `0xe4417ec0${'0'.repeat(52)}0721`,
    ask: AbiFunctions.from(
      'function onERC721Received(address operator, address from, uint256 tokenId, bytes data) returns (bytes4)',
    ),
    args: (operator: string, a: readonly unknown[]) => [operator, a[0], a[2], a[3] ?? '0x'],
    notReceiver: 'ERC721: transfer to non ERC721Receiver implementer',
    rejected: 'ERC721: transfer to non ERC721Receiver implementer',
    /** ERC-721 passes any revert on as it came; ERC-1155 only an `Error(string)`. */
    passesOn: (returned: Uint8Array) => returned.length > 0,
  },
  'ERC-1155:safeTransferFrom': {
    ticket: `0xe4417ec0${'0'.repeat(52)}1155`,
    ask: AbiFunctions.from(
      'function onERC1155Received(address operator, address from, uint256 id, uint256 value, bytes data) returns (bytes4)',
    ),
    args: (operator: string, a: readonly unknown[]) => [operator, a[0], a[2], a[3], a[4]],
    notReceiver: 'ERC1155: transfer to non-ERC1155Receiver implementer',
    rejected: 'ERC1155: ERC1155Receiver rejected tokens',
    passesOn: (returned: Uint8Array) => bytesToHex(returned.subarray(0, 4)) === ERROR_SELECTOR,
  },
  'ERC-1155:safeBatchTransferFrom': {
    ticket: `0xe4417ec0${'0'.repeat(52)}b155`,
    ask: AbiFunctions.from(
      'function onERC1155BatchReceived(address operator, address from, uint256[] ids, uint256[] values, bytes data) returns (bytes4)',
    ),
    args: (operator: string, a: readonly unknown[]) => [operator, a[0], a[2], a[3], a[4]],
    notReceiver: 'ERC1155: transfer to non-ERC1155Receiver implementer',
    rejected: 'ERC1155: ERC1155Receiver rejected tokens',
    passesOn: (returned: Uint8Array) => bytesToHex(returned.subarray(0, 4)) === ERROR_SELECTOR,
  },
} as const;
type Receiver = (typeof RECEIVERS)[keyof typeof RECEIVERS];
const ERROR_SELECTOR = '0x08c379a0';
const RECEIVER_BY_TICKET = new Map<string, Receiver>(Object.values(RECEIVERS).map((r) => [r.ticket, r]));
/** What the stub's second call to the bridge costs. */
const ANSWER_GAS = 100n;

/**
 * The receiver a safe transfer must ask before it holds: its `to`, where that runs code of its own
 * (a contract the ledger models accepts without being asked, as the models always have it).
 */
function receiverCall(sm: WorldStateManager, type: TokenType, caller: string, name: string, args: readonly unknown[]) {
  const receiver = RECEIVERS[`${type}:${name}` as keyof typeof RECEIVERS];
  if (!receiver) return undefined;
  const to = String(args[1]).toLowerCase();
  if (sm.world.account(to)?.modelled || sm.codeSync(to).length === 0) return undefined;
  return Hex.concat(
    RECEIVER_CALL,
    Hex.padLeft(to as `0x${string}`, 32),
    receiver.ticket,
    AbiFunctions.encodeData(receiver.ask, receiver.args(caller, args) as never),
  );
}

/** The safe transfer's end, once the stub brings the receiver's answer: it holds, or it reverts as the standard says. */
function receiverAnswered(receiver: Receiver, success: boolean, returned: Uint8Array) {
  if (success) {
    // Solidity decodes the bytes4 it returns: a short or ill-padded word reverts the caller with nothing.
    if (returned.length < 32 || returned.subarray(4, 32).some((b) => b !== 0)) return reverted(ANSWER_GAS, '0x');
    if (bytesToHex(returned.subarray(0, 4)) === AbiFunctions.getSelector(receiver.ask))
      return { executionGasUsed: ANSWER_GAS, returnValue: new Uint8Array() };
    return reverted(ANSWER_GAS, revertData(receiver.rejected));
  }
  return reverted(ANSWER_GAS, receiver.passesOn(returned) ? bytesToHex(returned) : revertData(receiver.notReceiver));
}

const reverted = (gas: bigint, data: `0x${string}`) => ({
  executionGasUsed: gas,
  returnValue: hexToBytes(data),
  exceptionError: new EVMError(EVMError.errorMessages.REVERT),
});

/**
 * The bridge precompile: the call a modelled contract's stub forwards, answered as the models
 * answer it. A token's writes run by the standard's rules on the token's state as this execution
 * sees it, write that state back (in the token's storage, so a revert undoes it) and emit the
 * standard's events; its state reads come from the same state; every other call is the models'
 * (`World.modelCall`). `written` collects the slots the bridge wrote, which are no contract's storage.
 */
export function bridgePrecompile(written: BridgeSlots, callerOf: () => string | undefined) {
  return async (input: PrecompileInput) => {
    const sm = input._EVM.stateManager as WorldStateManager;
    const data = input.data;
    // Only a modelled contract's stub speaks for it: code that calls the bridge itself, naming a
    // token it is not (to move someone's tokens), or bringing an answer no stub asked for, is refused.
    const stub = callerOf()?.toLowerCase();
    if (stub === undefined || !sm.world.account(stub)?.modelled) return reverted(ANSWER_GAS, '0x');
    // The stub back with a receiver's answer (a ticket, never an address word, in front).
    if (data.subarray(0, 12).some((b) => b !== 0)) {
      const receiver = RECEIVER_BY_TICKET.get(bytesToHex(data.subarray(0, 32)));
      if (!receiver) return reverted(ANSWER_GAS, '0x');
      return receiverAnswered(receiver, data[63] === 1, data.subarray(64));
    }
    const token = bytesToHex(data.subarray(12, 32));
    if (token !== stub) return reverted(ANSWER_GAS, '0x');
    const caller = bytesToHex(data.subarray(44, 64));
    const value = BigInt(bytesToHex(data.subarray(64, 96)));
    const calldata = bytesToHex(data.subarray(96));
    const base = sm.world.token(token);
    if (base) {
      const kind = KIND_OF_TOKEN[base.type];
      const fn = functionBySelector(functionsOf(kind, base.type), calldata.slice(0, 10)) as AbiFunction | undefined;
      let args: readonly unknown[] | undefined;
      try {
        args = fn ? (fn.inputs.length ? (AbiFunctions.decodeData(fn, calldata) as readonly unknown[]) : []) : undefined;
      } catch {
        args = undefined;
      }
      if (fn && args) {
        if (value > 0n && fn.stateMutability !== 'payable') return reverted(VIEW_GAS, '0x');
        const state = tokenState(sm, token, base, written);
        const write = tokenWrite(state.reader, caller, fn.name, args);
        const gas = BigInt(executionGas(base.type, fn.name));
        if (write && !write.ok) return reverted(gas, write.reason === null ? '0x' : revertData(write.reason));
        if (write) {
          const logs = applyWrite(state, token, kind, caller, fn.name, args, write.moves);
          const returned =
            receiverCall(sm, base.type, caller, fn.name, args) ??
            (fn.outputs.length
              ? AbiFunctions.encodeResult(fn, (fn.outputs.length === 1 ? write.returns[0] : write.returns) as never)
              : '0x');
          return { executionGasUsed: gas, returnValue: hexToBytes(returned), logs };
        }
        if (STATE_READS.has(fn.name)) {
          const values = stateRead(state.reader, fn.name, args);
          if (!values) return reverted(VIEW_GAS, '0x');
          const returned = AbiFunctions.encodeResult(fn, (values.length === 1 ? values[0] : values) as never);
          return { executionGasUsed: VIEW_GAS, returnValue: hexToBytes(returned) };
        }
      }
    }
    try {
      const result = sm.world.modelCall({ from: caller, to: token, data: calldata, value });
      return result.ok
        ? { executionGasUsed: VIEW_GAS, returnValue: hexToBytes(result.returnData) }
        : reverted(VIEW_GAS, result.revertData);
    } catch (error) {
      if (error instanceof ExecutionRefused) return reverted(VIEW_GAS, revertData(error.message));
      throw error;
    }
  };
}

/** The bridge as the EVM takes a custom precompile. */
export const bridgeAt = (written: BridgeSlots, callerOf: () => string | undefined) => ({
  address: createAddressFromString(BRIDGE_ADDRESS),
  function: bridgePrecompile(written, callerOf),
});
