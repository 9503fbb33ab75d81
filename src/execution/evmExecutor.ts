import { type Hex, NONE } from '../chain/types.js';
import { sentPlan } from '../../generators/ledger/sent.js';
import { ledgerPosition } from '../../generators/ledger/ledgerPosition.js';
import { planOfExecuted } from './evm/planOfExecuted.js';
import type { ExecutedSend } from './evm/sendEffects.js';
import { STUB_CODE } from './evm/stub.js';
import { factsWorld, ledgerAccounts, ledgerWorld, positionWorld, type World } from './evm/world.js';
import type { TransactionTrace } from '../domain/callTrace.js';
import type { CallState, Executor, TraceOptions } from './executor.js';
import { modelExecutor } from './modelExecutor.js';
import { factsTrace } from './modelTraces.js';

/** The EVM and what runs on it (`@ethereumjs/evm`, about a second to import): loaded on the first run that needs it. */
let runs: Promise<typeof import('./evm/evmRuns.js')> | undefined;
export const evmRuns = () => (runs ??= import('./evm/evmRuns.js'));

/** Whether `address` runs code of its own over `world` (a contract a client deployed or a scenario brought, a delegated EOA). */
const runsOwnCode = (world: Pick<World, 'account'>, address: string): boolean => {
  const account = world.account(address);
  return account !== undefined && account.code !== '0x' && !account.modelled;
};

/**
 * The selectors of the token standards' safe transfers (ERC-721's two `safeTransferFrom`s,
 * ERC-1155's `safeTransferFrom` and `safeBatchTransferFrom`): each asks its recipient, its second
 * argument, when that is a contract (`onERC721Received`...).
 */
export const SAFE_TRANSFER_SELECTORS: ReadonlySet<string> = new Set([
  '0x42842e0e',
  '0xb88d4fde',
  '0xf242432a',
  '0x2eb2c2d6',
]);

/**
 * Whether a transaction or call needs the EVM over `world`: a creation, a call of an address that
 * runs code of its own, or a safe transfer of a modelled token to one (the receiver's hook runs).
 */
export function needsEvm(world: Pick<World, 'account'>, to: string | null, data: Hex = '0x'): boolean {
  if (to === null || runsOwnCode(world, to)) return true;
  if (!SAFE_TRANSFER_SELECTORS.has(data.slice(0, 10)) || data.length < 10 + 128) return false;
  return world.account(to)?.modelled === true && runsOwnCode(world, `0x${data.slice(10 + 64 + 24, 10 + 128)}`);
}

/**
 * The trace of transaction `at` of a chain: a client's send that ran on the EVM (a creation, a call
 * of code of its own) is run again on the EVM at its position (the state its block's earlier
 * transactions left), with a tracer; any other is built from the chain's facts (`factsTrace`).
 */
export function transactionTrace(
  state: CallState,
  at: number,
  options: TraceOptions,
): TransactionTrace | Promise<TransactionTrace> {
  const tx = state.chain.transactions.at(at)!;
  // A generated transaction, or a send the ledger's models ran: its trace is the chain's facts.
  if (!tx.signed || tx.block === 0) return factsTrace(state, at, options);
  const world = positionWorld(state.facts, at, STUB_CODE);
  const to = tx.toId === NONE ? null : state.chain.accounts[tx.toId]!.lower;
  const { input, accessList } = tx.signed;
  if (!needsEvm(world, to, input)) return factsTrace(state, at, options);
  const from = state.chain.accounts[tx.fromId]!.lower;
  return evmRuns().then((evm) =>
    evm.traceTransaction(
      world,
      { from, to, input, value: tx.value, gasLimit: tx.gasLimit, gasPrice: tx.gasPrice, accessList },
      options,
    ),
  );
}

/**
 * The executor of a server that runs contracts' own code: a creation and a call of an address
 * with code of its own run on the EVM (`@ethereumjs/evm`, loaded on the first such run); they
 * reach the contracts the ledger models (catalogue tokens, Multicall3, declared contracts) through
 * the bridge. Everything else runs as the models run it, unchanged and at once.
 */
export function createEvmExecutor(): Executor {
  /** Each send's run, the ledger position it was made at, and the live chain's moment then. */
  const prepared = new Map<
    string,
    { readonly run: ExecutedSend; readonly position: string; readonly moment: number }
  >();
  return {
    name: 'evm',
    ahead: {
      needs: (state, sent) => needsEvm(ledgerAccounts(state, STUB_CODE), sent.to, sent.signed.input),
      ready: (hash, position) => prepared.get(hash)?.position === position,
      forget(from) {
        for (const [hash, { moment }] of prepared) if (from === undefined || moment >= from) prepared.delete(hash);
      },
      discard: (hash) => void prepared.delete(hash),
      async prepare({ state, ctx }, head, sent, moment) {
        // A run made for another place would otherwise stay, and a replay could apply it there.
        prepared.delete(sent.hash);
        const position = ledgerPosition(state, ctx);
        const world = ledgerWorld(state, ctx, head.chain.chainId, head, STUB_CODE);
        if (!needsEvm(world, sent.to, sent.signed.input)) return;
        const [done] = await (await evmRuns()).runSends(world, [sent]);
        prepared.set(sent.hash, { run: done!, position, moment });
      },
    },
    planSend(state, sent, position) {
      const kept = prepared.get(sent.hash);
      // Kept: a chain rebuilt from its sends (after evm_revert) applies the same run again, where it was made.
      return kept && kept.position === position ? planOfExecuted(state, sent, kept.run) : sentPlan(state, sent);
    },
    call(state, request, height) {
      const world = factsWorld(state.facts, height, STUB_CODE);
      if (!needsEvm(world, request.to, request.data)) return modelExecutor.call(state, request, height);
      return evmRuns().then((evm) => evm.runCall(world, request));
    },
    estimateGas(state, request, height, accessList) {
      const world = factsWorld(state.facts, height, STUB_CODE);
      if (!needsEvm(world, request.to, request.data))
        return modelExecutor.estimateGas(state, request, height, accessList);
      return evmRuns().then((evm) => evm.estimateGas(world, request, accessList));
    },
    trace: transactionTrace,
    traceCall(state, request, height, options) {
      const world = factsWorld(state.facts, height, STUB_CODE);
      if (!needsEvm(world, request.to, request.data)) return modelExecutor.traceCall(state, request, height, options);
      return evmRuns().then((evm) => evm.traceCall(world, request, options));
    },
  };
}
