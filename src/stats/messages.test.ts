import type * as Published from '@blockscout/stats-types';
import { describe, expectTypeOf, it } from 'vitest';
import type * as Ours from './messages.js';

/** The fields the service added after stats-types 2.9.0 (the installed version): zetachain's. */
type Zetachain =
  | 'total_zetachain_cross_chain_txns'
  | 'new_zetachain_cross_chain_txns_24h'
  | 'pending_zetachain_cross_chain_txns';

describe('the messages the answers are built as', () => {
  it('are the types @blockscout/stats-types publishes (checked by tsc)', () => {
    expectTypeOf<Ours.Counter>().toEqualTypeOf<Published.Counter>();
    expectTypeOf<Ours.Counters>().toEqualTypeOf<Published.Counters>();
    expectTypeOf<Ours.LineChartInfo>().toEqualTypeOf<Published.LineChartInfo>();
    expectTypeOf<Ours.LineChartSection>().toEqualTypeOf<Published.LineChartSection>();
    expectTypeOf<Ours.LineCharts>().toEqualTypeOf<Published.LineCharts>();
    expectTypeOf<Ours.Point>().toEqualTypeOf<Published.Point>();
    expectTypeOf<Ours.LineChart>().toEqualTypeOf<Published.LineChart>();
    expectTypeOf<Ours.MainPageStats>().toEqualTypeOf<Published.MainPageStats>();
    expectTypeOf<Omit<Ours.TransactionsPageStats, Zetachain>>().toEqualTypeOf<Published.TransactionsPageStats>();
    expectTypeOf<Ours.ContractsPageStats>().toEqualTypeOf<Published.ContractsPageStats>();
    // The published enums are TypeScript enums (a runtime value): ours are their names.
    expectTypeOf<Ours.Resolution>().toExtend<`${Published.Resolution}`>();
    expectTypeOf<Ours.ChartSubsetUpdateStatus>().toExtend<`${Published.ChartSubsetUpdateStatus}`>();
    expectTypeOf<keyof Omit<Ours.UpdateStatus, 'zetachain_cctx_dependent_status'>>().toEqualTypeOf<
      keyof Published.UpdateStatus
    >();
  });
});
