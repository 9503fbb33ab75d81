import { sentGas, sentPlan } from '../../generators/ledger/sent.js';
import { codeAt } from '../domain/contracts.js';
import { runAtOnce, type Steps } from '../lazy/steps.js';
import { ExecutionRefused } from '../protocol/errors.js';
import type { CallRequest, CallState, Executor, GasEstimate } from './executor.js';
import { RPC_GAS_CAP } from './executor.js';
import { OutOfGas } from './model/callEnv.js';
import { evaluateCall, NOT_MODELLED } from './model/evaluateCall.js';
import { MULTICALL3 } from './model/multicall3.js';
import { factsTrace, modelledCallTrace } from './modelTraces.js';
import type { AccessList } from '../protocol/transaction.js';

/**
 * Steps run at once, but a call of Multicall3 (perhaps thousands of inner calls, a step each): its
 * steps are handed to the caller, who may answer others between them.
 */
const inSteps = <T>(request: CallRequest, steps: Steps<T>): T | Steps<T> =>
  request.to === MULTICALL3 ? steps : runAtOnce(steps);

/** The estimate, once the call is known not to revert (a call past the gas cap is geth's refusal). */
function* estimate(state: CallState, request: CallRequest, height: number, accessList: AccessList): Steps<GasEstimate> {
  try {
    const result = yield* evaluateCall(state, request, height);
    if (!result.ok) return result;
  } catch (error) {
    if (error instanceof OutOfGas) throw new ExecutionRefused(`gas required exceeds allowance (${RPC_GAS_CAP})`);
    if (!(error instanceof ExecutionRefused && error.message.startsWith(NOT_MODELLED))) throw error;
  }
  const id = request.to === null ? undefined : state.chain.accountByHash.get(request.to);
  const hasCode = id !== undefined && codeAt(state.facts, id, height) !== '0x';
  const tokenType = id === undefined ? undefined : state.chain.accounts[id]!.contract?.token?.type;
  return { ok: true, gas: sentGas({ data: request.data, accessList, hasCode, tokenType }) };
}

/**
 * Execution by the ledger's models, without an EVM: a send moves value and tokens by the
 * standards' rules (`sentPlan`); a call answers from what the ledger holds (`evaluateCall`), on
 * geth's gas cap (each call evaluated and each Multicall3 result charged, past it `out of gas`); gas
 * is the ledger's rule (`sentGas`). A call whose value no model holds is still sent and mined (with
 * no effect beyond value and gas): its estimate is the gas it is mined with. A call of Multicall3
 * answers in steps; any other at once.
 */
export const modelExecutor: Executor = {
  name: 'model',
  planSend: sentPlan,
  call: (state, request, height) => inSteps(request, evaluateCall(state, request, height)),
  estimateGas: (state, request, height, accessList) => inSteps(request, estimate(state, request, height, accessList)),
  trace: factsTrace,
  traceCall(state, request, height) {
    const result = runAtOnce(evaluateCall(state, request, height));
    const estimated = runAtOnce(estimate(state, request, height, []));
    return modelledCallTrace(request, result, estimated.ok ? estimated.gas : 0);
  },
};
