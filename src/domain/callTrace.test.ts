import { describe, expect, it } from 'vitest';
import '../app/loadModulesEagerly.js';
import { buildChain } from '../../generators/buildChain.js';
import { NONE } from '../chain/types.js';
import { REVERTED, traceOfFacts, unpackRevert } from './callTrace.js';
import { factsOf } from './facts.js';
import { revertData } from './revertData.js';
import { inputOf } from './transactions.js';

describe('unpackRevert: what revert data says, in geth’s words', () => {
  it('reads Error(string), a panic, and nothing else', () => {
    expect(unpackRevert(revertData('nope'))).toBe('nope');
    expect(unpackRevert(`0x4e487b71${'0'.repeat(62)}11`)).toBe('arithmetic underflow or overflow');
    expect(unpackRevert(`0x4e487b71${'0'.repeat(62)}99`)).toBe('unknown panic code: 0x99');
    expect(unpackRevert('0x')).toBeNull();
    expect(unpackRevert('0xdeadbeef')).toBeNull();
    expect(unpackRevert(revertData('nope').slice(0, 80) as `0x${string}`)).toBeNull();
  });
});

describe('traceOfFacts: the trace of a transaction the EVM did not run', () => {
  const chain = buildChain({ scenario: 'tiny', seed: 1 });
  const facts = factsOf(chain);

  it('is the top call with its gas limit and receipt gas, its internal transactions as calls, no steps', () => {
    let seen = 0;
    for (let at = 0; at < chain.transactions.length; at++) {
      const tx = chain.transactions.at(at)!;
      const trace = traceOfFacts(facts, at);
      expect(trace).toMatchObject({ executed: false, failed: tx.status !== 'ok', structLogs: [] });
      expect(trace.root).toMatchObject({
        type: tx.toId === NONE ? 'create' : 'call',
        from: chain.accounts[tx.fromId]!.lower,
        gas: BigInt(tx.gasLimit),
        gasUsed: BigInt(tx.gasUsed),
        input: inputOf(facts, at),
      });
      expect(trace.root.calls).toHaveLength(tx.internalCount);
      if (tx.internalCount) seen++;
      if (tx.status !== 'ok') {
        expect(trace.root.error).toBe(REVERTED);
        if (tx.revertReason && tx.revertReason !== REVERTED) {
          expect(trace.root.revertReason).toBe(tx.revertReason);
          expect(trace.returnValue).toBe(revertData(tx.revertReason));
        }
      } else expect(trace.root.error).toBeNull();
    }
    expect(seen).toBeGreaterThan(0);
  });
});
