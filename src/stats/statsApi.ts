import { STATS_SERVICE_PREFIX } from './servicePrefix.js';
import { listedCounters } from './counterCatalogue.js';
import { lineChart } from './lineChart.js';
import { lineChartSpec } from './lineChartCatalogue.js';
import { lineChartQuery } from './lineChartQuery.js';
import { lineCharts } from './lineCharts.js';
import type { UpdateStatus } from './messages.js';
import { contractsPage, mainPage, transactionsPage } from './pages.js';
import type { StatsContext } from './statsContext.js';
import { notFound, StatsError } from './statsError.js';
import { statsJson } from './statsJson.js';
import { statsSwaggerYaml } from './swaggerDocument.js';

/** An answer of the stats service: the HTTP status and the body (JSON unless `contentType` says otherwise). */
export interface StatsAnswer {
  readonly status: number;
  readonly body: string;
  readonly contentType?: string;
}

/** The service's OpenAPI document, as its swagger route sends the file (actix-files: the `.yaml` type, UTF-8). */
const SWAGGER_PATH = '/api/v1/docs/swagger.yaml';
const YAML_TYPE = 'text/x-yaml; charset=utf-8';

const LINES = '/api/v1/lines/';

/** The user-operation charts never finish their initial update (no ERC-4337 on the chain); the rest have. */
const UPDATE_STATUS: UpdateStatus = {
  all_status: 'WAITING_FOR_STARTING_CONDITION',
  independent_status: 'COMPLETED_INITIAL_UPDATE',
  blocks_dependent_status: 'COMPLETED_INITIAL_UPDATE',
  internal_transactions_dependent_status: 'COMPLETED_INITIAL_UPDATE',
  user_ops_dependent_status: 'WAITING_FOR_STARTING_CONDITION',
  zetachain_cctx_dependent_status: 'COMPLETED_INITIAL_UPDATE',
};

const decoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

function lineChartAnswer(ctx: StatsContext, name: string, query: URLSearchParams): object {
  const spec = lineChartSpec(name);
  if (!spec) throw notFound(`chart with name '${name}' was not found`);
  const { from, to, resolution } = lineChartQuery(query);
  if (!spec.resolutions.includes(resolution))
    throw notFound(`resolution '${resolution}' for line chart '${name}' was not found`);
  return lineChart(ctx, spec, resolution, { from, to });
}

function message(ctx: StatsContext, path: string, query: URLSearchParams): object {
  switch (path) {
    case '/api/v1/counters':
      return { counters: listedCounters(ctx) };
    case '/api/v1/lines':
      return lineCharts();
    case '/api/v1/pages/main':
      return mainPage(ctx);
    case '/api/v1/pages/transactions':
      return transactionsPage(ctx);
    case '/api/v1/pages/contracts':
      return contractsPage(ctx);
    case '/api/v1/update-status':
      return UPDATE_STATUS;
    case '/health':
      return { status: 'SERVING' };
  }
  if (path.startsWith(LINES) && !path.slice(LINES.length).includes('/'))
    return lineChartAnswer(ctx, decoded(path.slice(LINES.length)), query);
  throw notFound(
    `no stats service route ${STATS_SERVICE_PREFIX}${path}: it serves /api/v1/counters, /api/v1/docs/swagger.yaml, /api/v1/lines, /api/v1/lines/{name}, /api/v1/pages/main, /api/v1/pages/transactions, /api/v1/pages/contracts, /api/v1/update-status and /health`,
  );
}

/**
 * The stats service's answer to a GET of `path` (the part after `STATS_SERVICE_PREFIX`, still
 * percent-encoded), over the chain as it stands at its head. An expected failure (an unknown chart,
 * resolution or path; a bad resolution; too long an interval) is the service's error body,
 * `{"code": <gRPC code>, "message": …}`, with its HTTP status.
 */
export function statsAnswer(ctx: StatsContext, path: string, query: URLSearchParams): StatsAnswer {
  if (path === SWAGGER_PATH) return { status: 200, body: statsSwaggerYaml(), contentType: YAML_TYPE };
  try {
    return { status: 200, body: statsJson(message(ctx, path, query)) };
  } catch (error) {
    if (!(error instanceof StatsError)) throw error;
    return { status: error.status, body: JSON.stringify({ code: error.code, message: error.message }) };
  }
}
