import { readerOf as ledgerTokenReader } from '../../../generators/ledger/sent.js';
import type { BlockContext } from '../../../generators/ledger/blockContext.js';
import type { LedgerState } from '../../../generators/ledger/state.js';
import type { TokenReader } from '../../../generators/contracts/tokenRules.js';
import { type AccountId, type Contract, type Hex, NONE } from '../../chain/types.js';
import { nonceAt } from '../../domain/accounts.js';
import { balanceAt, transactionDelta } from '../../domain/balances.js';
import { codeAt } from '../../domain/contracts.js';
import type { Facts } from '../../domain/facts.js';
import { storageBefore, storageWrittenAt } from '../../domain/storage.js';
import { tokenOf } from '../../domain/tokens.js';
import type { CallRequest, CallResult } from '../executor.js';
import { evaluateCall } from '../model/evaluateCall.js';
import { runAtOnce } from '../../lazy/steps.js';
import { readerOf as factsTokenReader } from '../model/tokenModels.js';

/** An account as the EVM finds it. */
export interface WorldAccount {
  readonly balance: bigint;
  readonly nonce: number;
  /** The code it runs: its own, or the bridge's stub where the ledger models it (`modelled`). */
  readonly code: Hex;
  /** A contract whose behaviour the ledger models (a catalogue or declared contract): the EVM runs it through the bridge. */
  readonly modelled: boolean;
}

/** The block an execution runs in. */
export interface WorldBlock {
  readonly number: number;
  readonly timestamp: number;
  readonly coinbase: Hex;
  readonly gasLimit: number;
  readonly baseFee: bigint;
}

/**
 * The state an execution starts from, read from the ledger: the chain's accounts, code and storage
 * at a point, the token state of the contracts it models, and their answers to calls. What the EVM
 * changes lives in its own overlay (`WorldStateManager`) until the ledger applies it.
 */
export interface World {
  readonly chainId: number;
  readonly block: WorldBlock;
  account(address: string): WorldAccount | undefined;
  /** A slot's value (32 bytes); undefined for zero. */
  storage(address: string, slot: Hex): Hex | undefined;
  blockHash(height: number): Hex | undefined;
  /** A modelled token's state, as its write rules read it. */
  token(address: string): TokenReader | undefined;
  /** What a modelled contract answers a call (its views, a scenario's declared reads). */
  modelCall(request: CallRequest): CallResult;
}

/** Whether a contract runs its own code on the EVM: it has runtime bytecode of its own (deployed by a client, or a scenario's artifact). */
export const runsOwnCode = (contract: Contract): boolean =>
  contract.kind === 'custom' && contract.custom?.deployedBytecode != null && contract.custom.deployedBytecode !== '0x';

/** An address's account id in a ledger or chain. */
type IdOf = (address: string) => AccountId | undefined;

/**
 * The open block's state, for the transactions a client sends: the ledger as the builder holds it
 * now (what the block already took included). Modelled contracts answer as the last mined chain.
 */
export function ledgerWorld(state: LedgerState, ctx: BlockContext, chainId: number, head: Facts, stub: Hex): World {
  const idOf: IdOf = (address) => state.byLower.get(address);
  return {
    ...ledgerAccounts(state, stub),
    chainId,
    block: {
      number: ctx.height,
      timestamp: ctx.timestamp,
      coinbase: state.accounts[ctx.minerId]!.hash,
      gasLimit: ctx.gasLimit,
      baseFee: ctx.baseFee,
    },
    storage(address, slot) {
      const id = idOf(address);
      return id === undefined ? undefined : state.storage.get(id)?.get(slot);
    },
    blockHash: (height) => state.blocks[height]?.hash,
    token(address) {
      const id = idOf(address);
      return id !== undefined && state.tokens.has(id) ? ledgerTokenReader(state, id) : undefined;
    },
    modelCall: (request) => runAtOnce(evaluateCall({ chain: head.chain, facts: head }, request, head.chain.headHeight)),
  };
}

/** The open block's accounts as the EVM sees them: a contract the ledger models runs the bridge's stub. */
export function ledgerAccounts(state: LedgerState, stub: Hex): Pick<World, 'account'> {
  const idOf: IdOf = (address) => state.byLower.get(address);
  return {
    account(address) {
      const id = idOf(address);
      if (id === undefined) return undefined;
      const account = state.accounts[id]!;
      const contract = account.contract;
      const live = contract !== null && contract.creationStatus === 'success';
      const own = live && runsOwnCode(contract);
      return {
        balance: account.balance,
        nonce: account.nonce,
        code: own ? contract.custom!.deployedBytecode! : live ? stub : '0x',
        modelled: live && !own,
      };
    },
  };
}

/** Block `height` of the chain as the EVM sees it. */
const blockContextOf = (chain: Facts['chain'], height: number): World['block'] => {
  const block = chain.blocks.at(height)!;
  return {
    number: height,
    timestamp: block.timestamp,
    coinbase: chain.accounts[block.minerId]!.hash,
    gasLimit: block.gasLimit,
    baseFee: block.baseFeePerGas,
  };
};

/** The chain's state after block `height` (what `eth_call` at that block reads), with the next block's context. */
export function factsWorld(facts: Facts, height: number, stub: Hex): World {
  const { chain } = facts;
  const idOf: IdOf = (address) => chain.accountByHash.get(address);
  return {
    chainId: chain.chainId,
    block: blockContextOf(chain, height),
    account(address) {
      const id = idOf(address);
      if (id === undefined) return undefined;
      const contract = chain.accounts[id]!.contract;
      const code = codeAt(facts, id, height);
      const own = contract !== null && runsOwnCode(contract);
      return {
        balance: balanceAt(facts, id, height),
        nonce: nonceAt(facts, id, height),
        code: own || code === '0x' ? code : stub,
        modelled: code !== '0x' && !own,
      };
    },
    storage(address, slot) {
      const id = idOf(address);
      return id === undefined ? undefined : storageWrittenAt(facts, id, slot, height);
    },
    blockHash: (at) => (at <= height ? chain.blocks.at(at)?.hash : undefined),
    token(address) {
      const id = idOf(address);
      if (id === undefined || !chain.accounts[id]!.contract?.token) return undefined;
      return factsTokenReader(
        { ctx: { chain, facts }, height, self: id, from: address, value: 0n },
        tokenOf(facts, id).type,
      );
    },
    modelCall: (request) => runAtOnce(evaluateCall({ chain, facts }, request, height)),
  };
}

/**
 * The state transaction `at` of the chain ran on: its block's context, the chain after the block
 * before, and the block's earlier transactions applied (their fees, values, nonces, the contracts
 * they created and the slots they set). Modelled contracts answer as after the block before (as
 * the ledger's world answers a send, from the last mined chain).
 */
export function positionWorld(facts: Facts, at: number, stub: Hex): World {
  const { chain } = facts;
  const tx = chain.transactions.at(at)!;
  const height = tx.block;
  const before = factsWorld(facts, height - 1, stub);
  const block = chain.blocks.at(height)!;
  const first = block.transactionStart;
  const idOf: IdOf = (address) => chain.accountByHash.get(address);
  /** A contract an earlier transaction of the block created. */
  const createdEarlier = (id: AccountId) => {
    const creation = chain.accounts[id]!.contract?.creationTransaction ?? NONE;
    return creation !== NONE && creation >= first && creation < at;
  };
  return {
    ...before,
    block: blockContextOf(chain, height),
    account(address) {
      const id = idOf(address);
      if (id === undefined) return undefined;
      const prior = before.account(address)!;
      let balance = prior.balance;
      let nonce = prior.nonce;
      for (let j = first; j < at; j++) {
        balance += transactionDelta(chain, j, id);
        if (chain.transactions.at(j)!.fromId === id) nonce++;
      }
      if (!createdEarlier(id)) return { ...prior, balance, nonce };
      const contract = chain.accounts[id]!.contract!;
      const code = codeAt(facts, id, height);
      const own = runsOwnCode(contract);
      return { balance, nonce, code: own || code === '0x' ? code : stub, modelled: code !== '0x' && !own };
    },
    storage(address, slot) {
      const id = idOf(address);
      return id === undefined ? undefined : storageBefore(facts, id, slot, at);
    },
    blockHash: (h) => (h < height ? chain.blocks.at(h)?.hash : undefined),
  };
}
