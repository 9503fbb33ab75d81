import { describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { sentPlan } from '../../generators/ledger/sent.js';
import { factsOf } from '../domain/facts.js';
import { ExecutionRefused } from '../protocol/errors.js';
import type { Answer, CallRequest, Executor } from './executor.js';
import { isSteps, runAtOnce } from '../lazy/steps.js';
import { modelExecutor } from './modelExecutor.js';
import { MULTICALL3 } from './model/multicall3.js';

const chain = buildChain({ scenario: 'tiny', seed: 3 });
const state = { chain, facts: factsOf(chain) };
const head = chain.headHeight;
/** An answer given at once, or its steps (a call of Multicall3) run at once. */
const atOnce = <T>(answer: Answer<T>) => (isSteps(answer) ? runAtOnce(answer) : answer);
const call = (to: string, data: `0x${string}`): CallRequest => ({ from: null, to: to.toLowerCase(), data, value: 0n });

describe('the model executor behind the execution port', () => {
  it('is the ledger’s models: sends plan by sentPlan, an account without code answers 0x, a transfer costs 21,000', () => {
    const executor: Executor = modelExecutor;
    expect(executor.planSend).toBe(sentPlan);
    const eoa = chain.handles.whale!;
    expect(executor.call(state, call(eoa, '0x'), head)).toEqual({ ok: true, returnData: '0x' });
    expect(executor.estimateGas(state, { ...call(eoa, '0x'), value: 1n }, head, [])).toEqual({ ok: true, gas: 21_000 });
  });

  it('answers Multicall3’s getBlockNumber at the block asked', () => {
    const result = atOnce(modelExecutor.call(state, call(MULTICALL3, '0x42cbb15c'), 10));
    expect(result).toEqual({ ok: true, returnData: `0x${'0'.repeat(62)}0a` });
  });

  it('refuses what it cannot run with ExecutionRefused, which the node answers as -32000', () => {
    expect(() => modelExecutor.call(state, { from: null, to: null, data: '0x6000', value: 0n }, head)).toThrow(
      ExecutionRefused,
    );
  });

  it('estimates a reverting call as its revert', () => {
    // Multicall3 without a function it knows reverts, as the contract does.
    expect(atOnce(modelExecutor.estimateGas(state, call(MULTICALL3, '0xdeadbeef'), head, []))).toMatchObject({
      ok: false,
    });
  });
});
