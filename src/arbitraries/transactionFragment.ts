import fc from 'fast-check';
import type { AbiFunction } from 'abitype';
import { abiOf } from '../../generators/contracts/abiOf.js';
import { paidFees } from '../protocol/transactionType.js';
import { TRANSACTION_TYPES, TYPE, type TransactionTypeId, transactionType } from '../protocol/transactionTypes.js';
import { transactionTypesOf } from '../../generators/ledger/transactionTypes.js';
import {
  type Account,
  type Call,
  type ContractKind,
  DEFAULT_CHAIN_ID,
  NONE,
  type TokenTransfer,
  type TokenType,
  type Transaction,
  type TransactionStatus,
} from '../chain/types.js';
import type { ViewContext } from '../views/context.js';
import { abiArguments, isWriteFunction } from './abiArguments.js';
import { type AccountDraft, contractOf, distinctDrafts, placeAccounts } from './accounts.js';
import { blockEntity } from './blockEntity.js';
import { fragmentContext } from './fragment.js';
import { label, transactionHash, wei } from './primitives.js';

export type TransactionKindOption = 'coin_transfer' | 'contract_call' | 'contract_creation' | 'token_transfer';

export interface TransactionOptions {
  readonly status?: TransactionStatus;
  readonly kind?: TransactionKindOption;
  /** For token transfers: the token's type. */
  readonly tokenType?: TokenType;
  /** Its transaction type (EIP-2718): any the protocol's registry holds (0 legacy, 1 EIP-2930, 2 EIP-1559). */
  readonly type?: TransactionTypeId;
}

const ZERO = '0x0000000000000000000000000000000000000000' as const;
const CALLABLE: readonly ContractKind[] = [
  'erc20',
  'erc721',
  'erc1155',
  'erc404',
  'vault',
  'router',
  'factory',
  'oracle',
  'lending-pool',
  'multisig',
  'destructible',
  'implementation',
  'transparent-proxy',
  'vyper-escrow',
];
const TOKEN_KINDS: Record<TokenType, ContractKind> = {
  'ERC-20': 'erc20',
  'ERC-721': 'erc721',
  'ERC-1155': 'erc1155',
  'ERC-404': 'erc404',
};

/** A call of a state-changing method of `kind`, with arguments its ABI accepts. */
export const callOf = (kind?: ContractKind): fc.Arbitrary<Call> =>
  (kind ? fc.constant(kind) : fc.constantFrom(...CALLABLE)).chain((contractKind) => {
    const functions = abiOf(contractKind).filter(isWriteFunction);
    return fc
      .constantFrom(...functions)
      .chain((fn: AbiFunction) =>
        abiArguments(fn.inputs).map((args) => ({ contractKind, functionName: fn.name, args })),
      );
  });

interface LogDraft {
  readonly fromId: number;
  readonly toId: number;
  readonly tokenIds: readonly bigint[] | null;
  readonly amounts: readonly bigint[];
}

/** The token transfer logs a successful token-moving transaction emits. */
function transfersOf(type: TokenType, senderId: number, receiverId: number, zeroId: number, tokenId: number) {
  const direction = fc.constantFrom<[number, number]>(
    [senderId, receiverId],
    [zeroId, receiverId],
    [senderId, zeroId],
    [senderId, receiverId],
  );
  const id = fc.bigInt({ min: 0n, max: 10n ** 12n });
  const one = direction.chain(([fromId, toId]): fc.Arbitrary<LogDraft> => {
    switch (type) {
      case 'ERC-20':
        return wei().map((amount) => ({ fromId, toId, tokenIds: null, amounts: [amount] }));
      case 'ERC-721':
        return id.map((x) => ({ fromId, toId, tokenIds: [x], amounts: [1n] }));
      case 'ERC-404':
        return id.map((x) => ({ fromId, toId, tokenIds: [x], amounts: [10n ** 18n] }));
      case 'ERC-1155':
        return fc
          .array(fc.tuple(id, fc.bigInt({ min: 1n, max: 10n ** 6n })), { minLength: 1, maxLength: 6 })
          .map((pairs) => ({ fromId, toId, tokenIds: pairs.map((p) => p[0]), amounts: pairs.map((p) => p[1]) }));
    }
  });
  return fc
    .array(one, { minLength: 1, maxLength: 12 })
    .map((logs) => logs.map((log, logIndex) => ({ ...log, logIndex, tokenId })));
}

/** A log of a fragment's transaction, before it is placed in its block. */
type PlacedLog = LogDraft & { readonly logIndex: number; readonly tokenId: number };
function noLogs(): fc.Arbitrary<PlacedLog[]> {
  return fc.constant([]);
}

/** The call a token transfer's first log reads as. */
function transferCall(type: TokenType, accounts: readonly Account[], first: LogDraft): Call {
  const [from, to] = [accounts[first.fromId]!.hash, accounts[first.toId]!.hash];
  switch (type) {
    case 'ERC-20':
      return { contractKind: 'erc20', functionName: 'transfer', args: [to, first.amounts[0]] };
    case 'ERC-721':
      return { contractKind: 'erc721', functionName: 'safeTransferFrom', args: [from, to, first.tokenIds![0]] };
    case 'ERC-404':
      return { contractKind: 'erc404', functionName: 'transferFrom', args: [from, to, first.tokenIds![0]] };
    case 'ERC-1155':
      return {
        contractKind: 'erc1155',
        functionName: 'safeBatchTransferFrom',
        args: [from, to, first.tokenIds, first.amounts, '0x'],
      };
  }
}

/**
 * A transaction in a fragment holding its block and the accounts it touches, ready for the
 * views. Its numbers obey the chain's rules: gas used within the limit, the effective gas price
 * of EIP-1559, nothing moved when it failed, types following from what it did.
 */
export function transactionFragment(
  options: TransactionOptions = {},
): fc.Arbitrary<{ ctx: ViewContext; index: number }> {
  const kind = options.kind
    ? fc.constant(options.kind)
    : fc.constantFrom<TransactionKindOption>('coin_transfer', 'contract_call', 'contract_creation', 'token_transfer');
  return kind.chain((k) => {
    const tokenType = options.tokenType
      ? fc.constant(options.tokenType)
      : fc.constantFrom<TokenType>('ERC-20', 'ERC-721', 'ERC-1155', 'ERC-404');
    return fc
      .record({
        kind: fc.constant(k),
        status: options.status
          ? fc.constant(options.status)
          : fc.constantFrom<TransactionStatus>('ok', 'ok', 'ok', 'error'),
        type:
          options.type !== undefined
            ? fc.constant(options.type)
            : fc.constantFrom<TransactionTypeId>(...TRANSACTION_TYPES.map((type) => type.id)),
        tokenType,
        people: distinctDrafts(6),
        hash: transactionHash(),
        position: fc.nat(500),
        nonce: fc.nat(100_000),
        value:
          k === 'token_transfer'
            ? fc.constant(0n)
            : k === 'coin_transfer'
              ? wei(10n ** 24n).map((v) => v + 1n)
              : fc.oneof(fc.constant(0n), wei(10n ** 22n)),
        gasUsed: k === 'coin_transfer' ? fc.constant(21_000) : fc.integer({ min: 21_000, max: 3_000_000 }),
        headroom: fc.nat(200_000),
        tip: fc.bigInt({ min: 0n, max: 10n ** 11n }),
        spare: fc.bigInt({ min: -(10n ** 11n), max: 10n ** 11n }),
        revertReason: label(40),
        tag: fc.option(label(), { nil: null }),
        internalError: fc.boolean(),
        confirmationsAfter: fc.nat(10_000),
      })
      .chain((t) => {
        // Accounts: 0 zero address, 1 sender, 2 callee or created contract, 3 miner, 4 token, 5 receiver.
        const zero: AccountDraft = {
          ...t.people[0]!,
          hash: ZERO,
          name: null,
          ensName: null,
          publicTags: [],
          privateTags: [],
          watchlistNames: [],
          metadata: null,
          contract: null,
        };
        const calleeKind: ContractKind | undefined = k === 'token_transfer' ? TOKEN_KINDS[t.tokenType] : undefined;
        const contract = contractOf({
          creatorId: 1,
          creationTransaction: 0,
          ...(calleeKind ? { kind: calleeKind } : {}),
          creationStatus: k === 'contract_creation' && t.status === 'error' ? 'failed' : 'success',
        });
        const token = contractOf({
          creatorId: 1,
          creationTransaction: 0,
          token: t.tokenType,
          creationStatus: 'success',
        });
        return fc.record({ contract, token }).chain(({ contract: c, token: tk }) => {
          const calleeDraft = t.people[4]!;
          const callee: AccountDraft = k === 'coin_transfer' ? calleeDraft : { ...calleeDraft, contract: c };
          const tokenAccount: AccountDraft = { ...t.people[3]!, contract: tk };
          const accounts = placeAccounts([zero, t.people[1]!, callee, t.people[2]!, tokenAccount, t.people[5]!]);
          const ok = t.status === 'ok';
          const transfers = k === 'token_transfer' && ok ? transfersOf(t.tokenType, 1, 5, 0, 4) : noLogs();
          const call =
            k === 'contract_call' ? callOf(c.kind).map((x): Call | null => x) : fc.constant<Call | null>(null);
          return fc.record({ transfers, call }).chain(({ transfers: logs, call: plainCall }) => {
            const tokenCall =
              k === 'token_transfer'
                ? transferCall(
                    t.tokenType,
                    accounts,
                    logs[0] ?? { fromId: 1, toId: 5, tokenIds: t.tokenType === 'ERC-20' ? null : [0n], amounts: [1n] },
                  )
                : null;
            const call = k === 'token_transfer' ? tokenCall : plainCall;
            return blockEntity({ type: 'block', minerId: 3, transactionCount: 1, gasUsed: t.gasUsed }).map((block) => {
              const base = block.baseFeePerGas;
              const maxFee = base + t.tip + t.spare < base ? base : base + t.tip + t.spare;
              // A set-code transaction creates nothing (EIP-7702): a creation draws EIP-1559 instead.
              const typeId = k === 'contract_creation' && transactionType(t.type).setsCode ? TYPE.eip1559.id : t.type;
              const type = transactionType(typeId);
              const fees = paidFees(
                type,
                type.feeMarket
                  ? { maxFeePerGas: maxFee, maxPriorityFeePerGas: t.tip }
                  : { maxFeePerGas: base + t.tip, maxPriorityFeePerGas: base + t.tip },
                base,
              );
              const gasUsed = BigInt(t.gasUsed);
              const tokenTransfers: TokenTransfer[] = logs.map((log) => ({
                ...log,
                transaction: 0,
                block: block.height,
              }));
              const transaction: Transaction = {
                hash: t.hash,
                block: block.height,
                position: t.position,
                fromId: 1,
                toId: k === 'contract_creation' ? NONE : 2,
                createdId: k === 'contract_creation' ? 2 : NONE,
                nonce: t.nonce,
                type: typeId,
                status: t.status,
                value: t.value,
                gasLimit: t.gasUsed + t.headroom,
                gasUsed: t.gasUsed,
                ...fees,
                call,
                types: transactionTypesOf({
                  ok,
                  createsContract: k === 'contract_creation',
                  createsToken: false,
                  callsContract: call !== null,
                  movesCoin: t.value > 0n,
                  movesTokens: tokenTransfers.length > 0,
                }),
                revertReason: ok ? null : t.revertReason,
                tokenTransferStart: 0,
                tokenTransferCount: tokenTransfers.length,
                internalStart: 0,
                internalCount: 0,
                eventStart: 0,
                eventCount: 0,
                hasErrorInInternalTransactions: ok && k === 'contract_call' && t.internalError,
                actions: [],
                tag: t.tag,
              };
              const ctx = fragmentContext({
                accounts,
                blocks: [
                  { ...block, priorityFee: (fees.gasPrice - base) * gasUsed, transactionFees: fees.gasPrice * gasUsed },
                ],
                transactions: [transaction],
                tokenTransfers,
                // A set-code transaction's one authorization: the receiver delegating to the callee.
                authorizations: type.setsCode
                  ? [
                      {
                        transaction: 0,
                        block: block.height,
                        index: 0,
                        authorityId: 5,
                        delegateId: 2,
                        chainId: DEFAULT_CHAIN_ID,
                        nonce: 0n,
                        status: 'ok',
                      },
                    ]
                  : [],
                headHeight: block.height + t.confirmationsAfter,
              });
              return { ctx, index: 0 };
            });
          });
        });
      });
  });
}
