import type * as Published from '@blockscout/stats-types';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  contractsPageJson,
  counterJson,
  countersJson,
  lineChartInfoJson,
  lineChartJson,
  lineChartsJson,
  mainPageJson,
  pointJson,
  transactionsPageJson,
  updateStatusJson,
} from './statsSchemas.js';

/** A published message as JSON: every key present, an optional one null when absent, enums as their names. */
type Json<T> = T extends string | number | boolean
  ? T extends string
    ? `${T}`
    : T
  : T extends readonly (infer U)[]
    ? Json<U>[]
    : { [K in keyof T]-?: undefined extends T[K] ? Json<Exclude<T[K], undefined>> | null : Json<T[K]> };

/** A point omits `is_approximate` when it is false (zod types an optional key as `?: T | undefined`). */
type PointJson = Flat<Omit<Json<Published.Point>, 'is_approximate'> & { is_approximate?: true | undefined }>;

/** An intersection as one object type (expect-type compares them by shape only so). */
type Flat<T> = { [K in keyof T]: T[K] };

describe('the JSON schemas of the stats answers', () => {
  it('describe the published types as the service serializes them (checked by tsc)', () => {
    expectTypeOf<z.infer<typeof counterJson>>().toEqualTypeOf<Json<Published.Counter>>();
    expectTypeOf<z.infer<typeof countersJson>>().toEqualTypeOf<Json<Published.Counters>>();
    expectTypeOf<z.infer<typeof pointJson>>().toEqualTypeOf<PointJson>();
    // Resolutions are strings in the proto; the schema narrows them to the four names.
    expectTypeOf<z.infer<typeof lineChartInfoJson>>().toExtend<Json<Published.LineChartInfo>>();
    expectTypeOf<z.infer<typeof lineChartsJson>>().toExtend<Json<Published.LineCharts>>();
    // `info` is never absent in the service's answers.
    expectTypeOf<z.infer<typeof lineChartJson>>().toExtend<
      Omit<Json<Published.LineChart>, 'chart'> & { chart: PointJson[] }
    >();
    expectTypeOf<keyof z.infer<typeof mainPageJson>>().toEqualTypeOf<keyof Published.MainPageStats>();
    expectTypeOf<z.infer<typeof mainPageJson>['total_blocks']>().toEqualTypeOf<Json<Published.Counter> | null>();
    expectTypeOf<Omit<z.infer<typeof transactionsPageJson>, `${string}zetachain${string}`>>().toEqualTypeOf<
      Json<Published.TransactionsPageStats>
    >();
    expectTypeOf<z.infer<typeof contractsPageJson>>().toEqualTypeOf<Json<Published.ContractsPageStats>>();
    expectTypeOf<z.infer<typeof updateStatusJson>[keyof Published.UpdateStatus]>().toExtend<
      Json<Published.UpdateStatus>[keyof Published.UpdateStatus]
    >();
  });

  it('reject what the service never writes', () => {
    const counter = { id: 'totalBlocks', value: '1', title: 'Total blocks', units: null, description: 'd' };
    expect(counterJson.safeParse(counter).success).toBe(true);
    expect(counterJson.safeParse({ ...counter, units: undefined }).success).toBe(false);
    expect(counterJson.safeParse({ ...counter, value: 1 }).success).toBe(false);
    expect(counterJson.safeParse({ ...counter, value: '1.0' }).success).toBe(false);
    expect(counterJson.safeParse({ ...counter, value: '1e-7' }).success).toBe(false);
    const point = { date: '2024-05-01', date_to: '2024-05-01', value: '0.5' };
    expect(pointJson.safeParse(point).success).toBe(true);
    expect(pointJson.safeParse({ ...point, is_approximate: false }).success).toBe(false);
    expect(pointJson.safeParse({ ...point, isApproximate: true }).success).toBe(false);
  });
});
