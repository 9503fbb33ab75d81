import * as AbiEvents from 'ox/AbiEvent';
import * as AbiParameters from 'ox/AbiParameters';
import * as Address from 'ox/Address';
import type { AbiEvent } from 'abitype';
import { abiOf } from '../../../generators/contracts/abiOf.js';
import { blockGasLimit } from '../../../scenarios/entities.js';
import type { CreateSpec, InternalSpec, PlannedLog, TransferSpec, TxPlan } from '../../../generators/ledger/plan.js';
import { registerAccount } from '../../../generators/ledger/registerAccount.js';
import { sentPart } from '../../../generators/ledger/sent.js';
import type { LedgerState, TokenLedger } from '../../../generators/ledger/state.js';
import type { ContractKind, Hex, TokenType } from '../../chain/types.js';
import type { SentTransaction } from '../../protocol/sentTransaction.js';
import type { Frame } from './evmRunner.js';
import type { ExecutedSend } from './sendEffects.js';
import { type EmittedLog, TRANSFER, TRANSFER_SINGLE, transferStandard } from './transferLogs.js';

const ZERO = '0x0000000000000000000000000000000000000000';
const KIND_OF_TOKEN: Record<TokenType, ContractKind> = {
  'ERC-20': 'erc20',
  'ERC-721': 'erc721',
  'ERC-1155': 'erc1155',
  'ERC-404': 'erc404',
};
const addressOfTopic = (topic: Hex) => `0x${topic.slice(26)}`;

/** The code a creation the EVM ran deployed, as the ledger keeps a contract: no ABI, no sources, unverified. */
const deployed = (address: string | null, initCode: Hex, runtime: Hex | undefined): CreateSpec => ({
  kind: 'custom',
  name: '',
  verification: 'none',
  constructorArgs: [],
  custom: {
    abi: [],
    contractName: '',
    bytecode: initCode,
    deployedBytecode: runtime ?? '0x',
    sources: [],
    compiler: null,
  },
  ...(address ? { address: Address.checksum(address as Hex) } : {}),
});

/**
 * A token transfer a log states, where the log is one of its token's standard and the ledger's
 * token state allows it (a contract may log what it did not do; such a log stays a log): checked
 * against `held`, this transaction's running view of the token's balances and owners.
 */
function transferOf(
  log: EmittedLog,
  type: TokenType,
  token: TokenLedger,
  idFor: (address: string) => number,
  held: Map<string, bigint | number>,
): TransferSpec | undefined {
  if (transferStandard(log) !== type) return undefined;
  let from: string;
  let to: string;
  let ids: bigint[] | null = null;
  let amounts: bigint[];
  if (type === 'ERC-1155') {
    from = addressOfTopic(log.topics[2]!);
    to = addressOfTopic(log.topics[3]!);
    try {
      [ids, amounts] =
        log.topics[0] === TRANSFER_SINGLE
          ? ((AbiParameters.decode([{ type: 'uint256' }, { type: 'uint256' }], log.data) as [bigint, bigint]).map(
              (x) => [x],
            ) as [bigint[], bigint[]])
          : ((
              AbiParameters.decode([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data) as [bigint[], bigint[]]
            ).map((x) => [...x]) as [bigint[], bigint[]]);
    } catch {
      return undefined;
    }
    if (ids.length !== amounts.length) return undefined;
  } else {
    from = addressOfTopic(log.topics[1]!);
    to = addressOfTopic(log.topics[2]!);
    if (type === 'ERC-721') {
      ids = [BigInt(log.topics[3]!)];
      amounts = [1n];
    } else amounts = [BigInt(log.data)];
  }
  const fromId = idFor(from);
  const toId = idFor(to);
  // The move must be one the ledger can make: the sender holds it (a mint comes from the zero address).
  const balance = (holder: number, id: bigint | null) => {
    const key = `${holder}:${id ?? ''}`;
    if (held.has(key)) return held.get(key)!;
    if (type === 'ERC-20') return token.balances.get(holder) ?? 0n;
    if (type === 'ERC-1155') return token.multi.get(holder)?.get(id!) ?? 0n;
    return token.owners.get(id!) ?? -1;
  };
  const next = new Map<string, bigint | number>();
  if (type === 'ERC-721') {
    const owner = balance(-1, ids![0]!);
    if (from === ZERO ? owner !== -1 : owner !== fromId) return undefined;
    next.set(`-1:${ids![0]}`, to === ZERO ? -1 : toId);
  } else
    for (let k = 0; k < amounts.length; k++) {
      const id = ids?.[k] ?? null;
      if (from !== ZERO) {
        const left = (balance(fromId, id) as bigint) - amounts[k]!;
        if (left < 0n) return undefined;
        next.set(`${fromId}:${id ?? ''}`, left);
      }
      if (to !== ZERO)
        next.set(
          `${toId}:${id ?? ''}`,
          ((next.get(`${toId}:${id ?? ''}`) as bigint | undefined) ?? (balance(toId, id) as bigint)) + amounts[k]!,
        );
    }
  for (const [k, v] of next) held.set(k, v);
  return { tokenId: -1, fromId, toId, tokenIds: ids, amounts };
}

/** A catalogue token's own event (an Approval the bridge logged), decoded as the ledger keeps events. */
function tokenEvent(log: EmittedLog, kind: ContractKind) {
  const event = abiOf(kind).find(
    (x): x is AbiEvent => x.type === 'event' && AbiEvents.getSelector(x) === log.topics[0],
  );
  if (!event || event.name === 'Transfer' || event.name === 'TransferSingle' || event.name === 'TransferBatch')
    return undefined;
  try {
    const decoded = AbiEvents.decode(event, { topics: [...log.topics] as never, data: log.data }) as Record<
      string,
      unknown
    >;
    const args = event.inputs.map((p, i) => {
      const value = decoded[p.name ?? String(i)];
      return p.type === 'address' ? Address.checksum(value as Hex) : value;
    });
    return { contractKind: kind, name: event.name, args };
  } catch {
    return undefined;
  }
}

/**
 * The ledger's plan of a transaction the EVM ran: its fee fields and gas, its creation at the
 * EVM's address with the code it deployed, its internal transactions from the call tree (a call
 * under a failed one failed with it, so it moves nothing), its logs in emission order (token
 * transfers where a token's log states one the ledger can make, the catalogue tokens' approvals
 * as events, everything else as emitted), the storage it set, the tokens it made.
 */
export function planOfExecuted(state: LedgerState, sent: SentTransaction, run: ExecutedSend): TxPlan {
  const idFor = idsIn(state);
  const ok = run.failure === null;
  const creates = sent.to === null;
  const top = run.root;
  // The run's accounts are registered before its callee, as they always were (ids follow registration).
  const effects = effectsOf(state, run, idFor);
  return {
    fromId: state.byLower.get(sent.from)!,
    ...(creates
      ? { create: deployed(ok ? top.to : null, sent.signed.input, top.to ? run.code.get(top.to) : undefined) }
      : { toId: idFor(sent.to!) }),
    value: sent.value,
    gasUsed: run.gasUsed,
    gasLimit: sent.gasLimit,
    call: null,
    ...(ok ? {} : { revertReason: run.failure! }),
    sent: sentPart(sent),
    ...effects,
  };
}

/**
 * The plan of a scenario's contract's creation whose constructor `run` ran (a successful one), from
 * the model's plan of it (its name, verification, constructor arguments and fee draw kept): the
 * EVM's gas and effects, the runtime it returned. The run had the block's gas (`limitFor`).
 */
export const constructedPlan =
  (run: ExecutedSend, runtime: Hex) =>
  (state: LedgerState, model: TxPlan): TxPlan => ({
    ...model,
    create: { ...model.create!, custom: { ...model.create!.custom!, deployedBytecode: runtime } },
    gasUsed: run.gasUsed,
    gasLimit: limitFor(state, model, run),
    ...effectsOf(state, run, idsIn(state)),
  });

/**
 * The plan of a scripted call of a scenario's contract that `run` ran, from the model's plan of it
 * (its call, value and fee draw kept): the EVM's gas, failure and effects in place of the entry's
 * declared events. The gas limit as `constructedPlan`'s (`limitFor`).
 */
export const calledPlan =
  (run: ExecutedSend) =>
  (state: LedgerState, model: TxPlan): TxPlan => {
    const { events: _events, emitted: _emitted, transfers: _transfers, revertReason: _reason, ...kept } = model;
    return {
      ...kept,
      gasUsed: run.gasUsed,
      gasLimit: limitFor(state, model, run),
      ...(run.failure === null ? {} : { revertReason: run.failure }),
      ...effectsOf(state, run, idsIn(state)),
    };
  };

/**
 * The gas limit of a scenario's transaction the EVM ran with the block's gas: the model's, or what
 * the run needed before its refund (at most a quarter over what it used, EIP-3529) where that is
 * more, as a deploy tool estimates; never over the block's limit.
 */
const limitFor = (state: LedgerState, model: TxPlan, run: ExecutedSend): number =>
  Math.min(blockGasLimit(state.scenario), Math.max(model.gasLimit, Math.ceil((run.gasUsed * 5) / 4) + 1));

/** An address's account id in the ledger, registering it (as a plain address) where the ledger does not know it. */
const idsIn = (state: LedgerState) => (address: string) =>
  state.byLower.get(address) ?? registerAccount(state, `sent:${address}`, { hash: Address.checksum(address as Hex) });

/**
 * What a run did as the ledger plans it: its internal transactions from the call tree (a call under
 * a failed one failed with it, so it moves nothing), its logs in emission order (token transfers
 * where a token's log states one the ledger can make, the catalogue tokens' approvals as events,
 * everything else as emitted), the storage it set, the tokens it made.
 */
function effectsOf(
  state: LedgerState,
  run: ExecutedSend,
  idFor: (address: string) => number,
): Pick<TxPlan, 'internals' | 'executed'> {
  const ok = run.failure === null;
  const internals: InternalSpec[] = [];
  const walk = (frame: Frame, failed: string | undefined) => {
    for (const call of frame.calls) {
      const error = failed ?? call.error;
      const isCreate = call.type === 'create' || call.type === 'create2';
      const moves = call.type === 'call' || isCreate;
      internals.push({
        type: call.type,
        fromId: idFor(call.from),
        ...(isCreate
          ? { create: deployed(call.to, call.input, call.to ? run.code.get(call.to) : undefined) }
          : { toId: idFor(call.to!) }),
        value: moves ? call.value : 0n,
        gasLimit: call.gas,
        ...(error ? { error } : {}),
      });
      walk(call, error);
    }
  };
  if (ok) walk(run.root, undefined);
  for (const [address, beneficiary] of run.selfdestructs)
    internals.push({ type: 'selfdestruct', fromId: idFor(address), toId: idFor(beneficiary), value: 0n, gasLimit: 0n });
  const tokens = [...run.tokens].map(([address, found]) => ({
    accountId: idFor(address),
    token: { ...found, exchangeRate: '0', unpriced: true as const, iconUrl: null },
  }));
  const typeOf = (id: number) => tokens.find((t) => t.accountId === id)?.token.type ?? state.tokens.get(id)?.type;
  const held = new Map<number, Map<string, bigint | number>>();
  const logs: PlannedLog[] = run.logs.map((log) => {
    const emitterId = idFor(log.address);
    const type = typeOf(emitterId);
    if (type) {
      const token =
        state.tokens.get(emitterId) ??
        ({ balances: new Map(), multi: new Map(), owners: new Map() } as unknown as TokenLedger);
      if (!held.has(emitterId)) held.set(emitterId, new Map());
      const transfer = transferOf(log, type, token, idFor, held.get(emitterId)!);
      if (transfer) return { transfer: { ...transfer, tokenId: emitterId } };
      const modelled = state.accounts[emitterId]!.contract?.kind !== 'custom';
      const event = modelled && log.topics[0] !== TRANSFER ? tokenEvent(log, KIND_OF_TOKEN[type]) : undefined;
      if (event) return { emitterId, event };
    }
    return { emitterId, raw: { topics: log.topics, data: log.data } };
  });
  return {
    internals,
    executed: {
      logs,
      storage: run.storage.map(({ address, slot, value }) => ({ accountId: idFor(address), slot, value })),
      tokens,
      allowances: run.allowances.map(({ token, key, value }) => ({ tokenId: idFor(token), key, value })),
    },
  };
}
