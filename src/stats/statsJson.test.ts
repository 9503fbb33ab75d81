import { describe, expect, it } from 'vitest';
import { statsJson } from './statsJson.js';

describe('statsJson writes messages as the service serializes them', () => {
  it('writes an absent optional field as null, in place', () => {
    expect(statsJson({ id: 'totalBlocks', value: '1', title: 'T', units: undefined, description: 'D' })).toBe(
      '{"id":"totalBlocks","value":"1","title":"T","units":null,"description":"D"}',
    );
    expect(statsJson({ total_contracts: undefined, new_contracts_24h: { id: 'x' } })).toBe(
      '{"total_contracts":null,"new_contracts_24h":{"id":"x"}}',
    );
  });

  it('writes is_approximate only when true', () => {
    expect(statsJson({ date: 'a', date_to: 'a', value: '1', is_approximate: false })).toBe(
      '{"date":"a","date_to":"a","value":"1"}',
    );
    expect(statsJson({ date: 'a', date_to: 'a', value: '1', is_approximate: true })).toBe(
      '{"date":"a","date_to":"a","value":"1","is_approximate":true}',
    );
  });
});
