import { sentGas, sentPlan } from '../../generators/ledger/sent.js';
import { codeAt } from '../domain/contracts.js';
import { ExecutionRefused } from '../protocol/errors.js';
import type { Executor, GasEstimate } from './executor.js';
import { evaluateCall, NOT_MODELLED } from './model/evaluateCall.js';
import { factsTrace, modelledCallTrace } from './modelTraces.js';

/**
 * Execution by the ledger's models, without an EVM: a send moves value and tokens by the
 * standards' rules (`sentPlan`); a call answers from what the ledger holds (`evaluateCall`); gas is
 * the ledger's rule (`sentGas`). A call whose value no model holds is still sent and mined (with no
 * effect beyond value and gas): its estimate is the gas it is mined with.
 */
export const modelExecutor: Executor = {
  name: 'model',
  planSend: sentPlan,
  call: (state, request, height) => evaluateCall(state, request, height),
  estimateGas(state, request, height, accessList) {
    try {
      const result = evaluateCall(state, request, height);
      if (!result.ok) return result;
    } catch (error) {
      if (!(error instanceof ExecutionRefused && error.message.startsWith(NOT_MODELLED))) throw error;
    }
    const id = request.to === null ? undefined : state.chain.accountByHash.get(request.to);
    const hasCode = id !== undefined && codeAt(state.facts, id, height) !== '0x';
    const tokenType = id === undefined ? undefined : state.chain.accounts[id]!.contract?.token?.type;
    return { ok: true, gas: sentGas({ data: request.data, accessList, hasCode, tokenType }) };
  },
  trace: factsTrace,
  traceCall(state, request, height) {
    const result = evaluateCall(state, request, height);
    const estimate = modelExecutor.estimateGas(state, request, height, []) as GasEstimate;
    return modelledCallTrace(request, result, estimate.ok ? estimate.gas : 0);
  },
};
