import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { buildChain } from '../../generators/buildChain.js';
import { fieldOf, isNullOf } from '../chain/table.js';
import { dailyStats } from '../domain/dailyStats.js';
import { weeklySenders } from '../domain/dailyStatsWeeklySenders.js';
import { factsOf } from '../domain/facts.js';
import { loadLazyModules } from '../domain/lazyModules.js';
import { decodeSnapshot, encodeSnapshot } from './snapshot.js';

const built = buildChain({ scenario: 'tiny', seed: 5 });
const loaded = decodeSnapshot(Buffer.concat(encodeSnapshot(built, { key: 'k', version: 'v' })), {
  key: 'k',
  version: 'v',
}).chain;

describe('field reads of a loaded snapshot (whole-chain folds read columns, not rows)', () => {
  it('read every field as the decoded rows hold it, and null as null, without decoding a row', () => {
    for (const key of ['status', 'gasPrice', 'fromId', 'createdId', 'call', 'maxFeePerGas', 'revertReason'] as const) {
      const read = fieldOf(loaded.transactions, key);
      const isNull = isNullOf(loaded.transactions, key);
      for (let i = 0; i < built.transactions.length; i++) {
        expect(read(i), `${key} ${i}`).toEqual(built.transactions.at(i)![key]);
        expect(isNull(i), `${key} ${i}`).toBe(built.transactions.at(i)![key] === null);
      }
    }
    // A field the layout does not hold (sent transactions are never in a snapshot) reads as the rows do.
    expect(fieldOf(loaded.transactions, 'signed')(0)).toBeUndefined();
    expect(isNullOf(loaded.transactions, 'signed')(0)).toBe(true);
  });

  it('give the stats service the same daily figures as the built chain', async () => {
    await loadLazyModules();
    expect(dailyStats(factsOf(loaded))).toEqual(dailyStats(factsOf(built)));
    expect(weeklySenders(factsOf(loaded))).toEqual(weeklySenders(factsOf(built)));
  });
});

describe('decoded rows', () => {
  it('are objects of fixed shape, as the built ones are, not dictionaries', () => {
    // V8's own checks: a row built by assigning its fields by name went to dictionary mode (a
    // default transaction took 2.0 KB decoded, 650 B as a literal).
    setFlagsFromString('--allow-natives-syntax');
    const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
    const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
    const tables = [
      'blocks',
      'transactions',
      'tokenTransfers',
      'internalTransactions',
      'events',
      'withdrawals',
    ] as const;
    for (const table of tables) {
      const rows = [loaded[table].at(0)!, loaded[table].at(-1)!] as object[];
      for (const row of rows) expect(hasFastProperties(row), table).toBe(true);
      expect(haveSameMap(rows[0]!, rows[1]!), table).toBe(true);
    }
  });
});
