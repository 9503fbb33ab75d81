import type { EndpointLoad } from './urls.js';
import { wrk } from './wrk.js';

export interface Throughput {
  /** One markdown table row per endpoint and load (hot, walk). */
  readonly rows: string[];
  readonly worstHot: number;
  readonly worstWalk: number;
  readonly worstP99: number;
  readonly errors: number;
}

const fixed = (n: number, digits = 1) => n.toFixed(digits);

/** Each endpoint hot and walking, the mock and the ceiling back to back, `seconds` a run. */
export function measureThroughput(
  mockUrl: string,
  ceilingUrl: string,
  loads: readonly EndpointLoad[],
  seconds: number,
  connections: number,
  log: (line: string) => void,
): Throughput {
  const rows: string[] = [];
  let worstHot = Infinity;
  let worstWalk = Infinity;
  let worstP99 = 0;
  let errors = 0;
  for (const load of loads) {
    const measured = (['hot', 'walk'] as const).map((mode) => {
      const urls = mode === 'hot' ? [load.hot] : load.walk;
      const m = wrk(mockUrl, urls, seconds, connections);
      const c = wrk(ceilingUrl, urls, seconds, connections);
      errors += m.errors;
      worstP99 = Math.max(worstP99, m.p99Ms);
      return { mode, m, c, ratio: m.rps / c.rps };
    });
    worstHot = Math.min(worstHot, measured[0]!.ratio);
    worstWalk = Math.min(worstWalk, measured[1]!.ratio);
    for (const { mode, m, c, ratio } of measured) {
      const line = `| ${load.name} | ${mode} | ${mode === 'hot' ? 1 : load.walk.length} | ${fixed(m.rps, 0)} | ${fixed(m.p50Ms, 2)} | ${fixed(m.p99Ms, 2)} | ${fixed(c.rps, 0)} | **${fixed(ratio, 2)}** |`;
      rows.push(line);
      log(line);
    }
  }
  return { rows, worstHot, worstWalk, worstP99, errors };
}
