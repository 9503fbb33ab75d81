import { bytesToHex } from '@ethereumjs/util';
import * as AbiFunctions from 'ox/AbiFunction';
import type { Hex, TokenMetadataField, TokenType } from '../../chain/types.js';
import { intrinsicGas } from '../../protocol/intrinsicGas.js';
import type { SentTransaction } from '../../protocol/sentTransaction.js';
import type { AccessList } from '../../protocol/transaction.js';
import { BRIDGE_ADDRESS } from './stub.js';
import { transferStandard } from './transferLogs.js';
import type { EvmSession, Frame } from './evmRunner.js';
import { revertReasonOf } from './revertReason.js';
import type { World } from './world.js';
import { slotHex } from './worldStateManager.js';

export type { EmittedLog } from './transferLogs.js';
import type { EmittedLog } from './transferLogs.js';

/** What a token's views answered after it first logged a transfer (what the explorer's token fetcher reads). */
export interface TokenFound {
  readonly type: TokenType;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  /** The views it did not answer. */
  readonly unanswered?: readonly TokenMetadataField[];
}

/** What the EVM did running a transaction a client sent, by address: the ledger turns it into a plan (`planOfExecuted`). */
export interface ExecutedSend {
  /** Gas used: intrinsic and execution, less the refund (EIP-3529). */
  readonly gasUsed: number;
  /** Why it failed, or null. */
  readonly failure: string | null;
  /** The call tree below the transaction itself (the bridge's own calls left out). */
  readonly root: Frame;
  /** Its logs, in emission order (none when it failed). */
  readonly logs: readonly EmittedLog[];
  /** Runtime code of each contract it created. */
  readonly code: ReadonlyMap<string, Hex>;
  /** Each slot it set, with its value after (the bridge's own slots left out). */
  readonly storage: readonly { readonly address: string; readonly slot: Hex; readonly value: Hex }[];
  /** Contracts that logged their first transfer, with what their views answered. */
  readonly tokens: ReadonlyMap<string, TokenFound>;
  /** ERC-20 allowances of catalogue tokens it left (a `transferFrom` spends one without a log). */
  readonly allowances: readonly { readonly token: string; readonly key: string; readonly value: bigint }[];
  /** Contracts it destroyed (EIP-6780: created in the same transaction) or sent a selfdestruct's balance from, with the beneficiary. */
  readonly selfdestructs: ReadonlyMap<string, string>;
}

const VIEWS = {
  name: AbiFunctions.from('function name() view returns (string)'),
  symbol: AbiFunctions.from('function symbol() view returns (string)'),
  decimals: AbiFunctions.from('function decimals() view returns (uint8)'),
};

/** A view of a token on the session's state now (whatever it changes forgotten); undefined where it reverts or answers what does not decode. */
async function view<T>(session: EvmSession, token: string, fn: AbiFunctions.AbiFunction): Promise<T | undefined> {
  await session.state.checkpoint();
  const run = await session
    .run({
      from: '0x0000000000000000000000000000000000000000',
      to: token,
      data: AbiFunctions.encodeData(fn),
      value: 0n,
      gas: 1_000_000n,
      gasPrice: 0n,
      isCall: true,
    })
    .finally(() => session.state.revert());
  if (run.result.execResult.exceptionError) return undefined;
  try {
    return AbiFunctions.decodeResult(fn, bytesToHex(run.result.execResult.returnValue)) as T;
  } catch {
    return undefined;
  }
}

/** The call tree without the bridge's calls (an implementation detail of modelled contracts). */
const withoutBridge = (frame: Frame): Frame => ({
  ...frame,
  calls: frame.calls.filter((c) => c.to !== BRIDGE_ADDRESS).map(withoutBridge),
});

/** A transaction as the EVM runs it: its sender, its callee (null: a creation), input, value, gas limit, the price it pays, its access list. */
export interface TransactionMessage {
  readonly from: string;
  readonly to: string | null;
  readonly input: Hex;
  readonly value: bigint;
  readonly gasLimit: number;
  /** The gas price it pays (its effective price). */
  readonly gasPrice: bigint;
  readonly accessList: AccessList;
}

/** A sent transaction's message in `world`'s block: it pays the base fee and its tip, within its fee cap. */
export const messageOfSent = (world: World, sent: SentTransaction): TransactionMessage => ({
  from: sent.from,
  to: sent.to,
  input: sent.signed.input,
  value: sent.value,
  gasLimit: sent.gasLimit,
  gasPrice:
    sent.maxFeePerGas < world.block.baseFee + sent.maxPriorityFeePerGas
      ? sent.maxFeePerGas
      : world.block.baseFee + sent.maxPriorityFeePerGas,
  accessList: sent.signed.accessList,
});

/**
 * Runs a transaction on the session's EVM (its fee and nonce are the ledger's to charge) and says
 * what it did: gas, failure, call tree, logs, created code, storage set, new tokens. The session's
 * state then holds its effects, for the next transaction of the session to see.
 */
export async function executeTransaction(
  session: EvmSession,
  world: World,
  message: TransactionMessage,
): Promise<ExecutedSend> {
  const intrinsic = intrinsicGas({ to: message.to, input: message.input, accessList: message.accessList });
  const before = new Map(session.state.changes().storage);
  const run = await session.run({
    from: message.from,
    to: message.to,
    data: message.input,
    value: message.value,
    gas: BigInt(message.gasLimit - intrinsic),
    gasPrice: message.gasPrice,
    accessList: message.accessList,
  });
  const exec = run.result.execResult;
  const error = exec.exceptionError?.error;
  const used = BigInt(intrinsic) + exec.executionGasUsed;
  const refund = error ? 0n : (exec.gasRefund ?? 0n) < used / 5n ? (exec.gasRefund ?? 0n) : used / 5n;
  const failure = error ? revertReasonOf(error, bytesToHex(exec.returnValue) as Hex) : null;
  const logs: EmittedLog[] = error
    ? []
    : (exec.logs ?? []).map(([address, topics, data]) => ({
        address: bytesToHex(address),
        topics: topics.map((t) => bytesToHex(t) as Hex),
        data: bytesToHex(data) as Hex,
      }));
  const changes = session.state.changes();
  const root = withoutBridge(run.root);
  const code = new Map<string, Hex>();
  /** The runtime code of each contract a successful creation in the tree deployed (under no failed call). */
  const collect = (frame: Frame) => {
    if (frame.error) return;
    if ((frame.type === 'create' || frame.type === 'create2') && frame.to)
      code.set(frame.to, bytesToHex(session.state.codeSync(frame.to)) as Hex);
    frame.calls.forEach(collect);
  };
  collect(root);
  const storage: ExecutedSend['storage'][number][] = [];
  const allowances: ExecutedSend['allowances'][number][] = [];
  if (!error)
    for (const [key, value] of changes.storage) {
      if (before.get(key) === value) continue;
      const [address, slot] = key.split(':') as [string, string];
      if (run.bridgeSlots.has(key)) {
        const allowance = run.bridgeSlots.get(key);
        if (allowance)
          allowances.push({
            token: allowance.token,
            key: `${allowance.owner}:${allowance.spender}`,
            value: BigInt(`0x${Buffer.from(value.subarray(1)).toString('hex')}`),
          });
        continue;
      }
      storage.push({ address, slot: slotHex(Buffer.from(slot.slice(2), 'hex')), value: slotHex(value) });
    }
  const tokens = new Map<string, TokenFound>();
  for (const log of logs) {
    if (tokens.has(log.address) || world.token(log.address) || world.account(log.address)?.modelled) continue;
    const type = transferStandard(log);
    if (!type) continue;
    const [name, symbol, decimals] = await Promise.all([
      view<string>(session, log.address, VIEWS.name),
      view<string>(session, log.address, VIEWS.symbol),
      view<number>(session, log.address, VIEWS.decimals),
    ]);
    const unanswered = (
      [
        ['name', name],
        ['symbol', symbol],
        ['decimals', decimals],
      ] as const
    ).flatMap(([field, value]) => (value === undefined ? [field] : []));
    tokens.set(log.address, {
      type,
      name: name ?? '',
      symbol: symbol ?? '',
      // An NFT's decimals are 0 whatever it answers; unanswered, Blockscout's are null all the same.
      decimals: type === 'ERC-20' ? Number(decimals ?? 18) : 0,
      ...(unanswered.length ? { unanswered } : {}),
    });
  }
  const selfdestructs = new Map<string, string>();
  for (const [address, beneficiary] of exec.selfdestruct ?? []) selfdestructs.set(address, beneficiary);
  return {
    gasUsed: Number(used - refund),
    failure,
    root,
    logs,
    code,
    storage,
    tokens,
    allowances,
    selfdestructs,
  };
}
