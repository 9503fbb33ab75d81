import { RESOLUTIONS } from './messages.js';

type Yaml = string | number | boolean | readonly Yaml[] | { readonly [key: string]: Yaml };

const PLAIN = /^[A-Za-z_][A-Za-z0-9_ ./-]*$/;
const scalar = (value: string | number | boolean): string =>
  typeof value !== 'string' || (PLAIN.test(value) && !/^(true|false|null|yes|no)$/i.test(value))
    ? String(value)
    : JSON.stringify(value);

/** Block-style YAML of plain data (what the service's `stats.swagger.yaml` is written in). */
function yaml(value: Yaml, indent = ''): string {
  if (Array.isArray(value))
    return value
      .map((item) => {
        const text = yaml(item, `${indent}  `);
        return typeof item === 'object' ? `${indent}- ${text.trimStart()}` : `${indent}- ${text}`;
      })
      .join('\n');
  if (typeof value === 'object')
    return Object.entries(value as { readonly [key: string]: Yaml })
      .map(([key, item]) => {
        const name = scalar(key);
        if (typeof item !== 'object') return `${indent}${name}: ${scalar(item)}`;
        if (Array.isArray(item) && item.length === 0) return `${indent}${name}: []`;
        if (!Array.isArray(item) && Object.keys(item).length === 0) return `${indent}${name}: {}`;
        return `${indent}${name}:\n${yaml(item, Array.isArray(item) ? indent : `${indent}  `)}`;
      })
      .join('\n');
  return scalar(value);
}

const ref = (name: string) => ({ $ref: `#/definitions/${name}` });
const object = (properties: Record<string, Yaml>) => ({ type: 'object', properties });
const str = { type: 'string' };
const arrayOf = (name: string) => ({ type: 'array', items: { type: 'object', ...ref(name) } });

function get(operationId: string, response: string, tag: string, parameters?: Yaml[]) {
  return {
    get: {
      operationId,
      responses: {
        '200': { description: 'A successful response.', schema: ref(response) },
        default: { description: 'An unexpected error response.', schema: ref('rpcStatus') },
      },
      ...(parameters ? { parameters } : {}),
      tags: [tag],
    },
  };
}

const counterFields = (names: readonly string[]) => object(Object.fromEntries(names.map((n) => [n, ref('v1Counter')])));
const statuses = [
  'PENDING',
  'WAITING_FOR_STARTING_CONDITION',
  'QUEUED_FOR_INITIAL_UPDATE',
  'RUNNING_INITIAL_UPDATE',
  'COMPLETED_INITIAL_UPDATE',
];

/** The stats service's OpenAPI (Swagger 2.0) document of the routes the mock serves, as the service's protoc-generated file lays it out. */
const DOCUMENT: Yaml = {
  swagger: '2.0',
  info: { title: 'stats.proto', version: 'version not set' },
  tags: [{ name: 'StatsService' }, { name: 'Health' }],
  consumes: ['application/json'],
  produces: ['application/json'],
  paths: {
    '/api/v1/counters': get('StatsService_GetCounters', 'v1Counters', 'StatsService'),
    '/api/v1/lines': get('StatsService_GetLineCharts', 'v1LineCharts', 'StatsService'),
    '/api/v1/lines/{name}': get('StatsService_GetLineChart', 'v1LineChart', 'StatsService', [
      { name: 'name', in: 'path', required: true, type: 'string' },
      { name: 'from', in: 'query', required: false, type: 'string' },
      { name: 'to', in: 'query', required: false, type: 'string' },
      {
        name: 'resolution',
        in: 'query',
        required: false,
        type: 'string',
        enum: ['RESOLUTION_UNSPECIFIED', ...RESOLUTIONS],
        default: 'RESOLUTION_UNSPECIFIED',
      },
    ]),
    '/api/v1/pages/contracts': get('StatsService_GetContractsPageStats', 'v1ContractsPageStats', 'StatsService'),
    '/api/v1/pages/main': get('StatsService_GetMainPageStats', 'v1MainPageStats', 'StatsService'),
    '/api/v1/pages/transactions': get(
      'StatsService_GetTransactionsPageStats',
      'v1TransactionsPageStats',
      'StatsService',
    ),
    '/api/v1/update-status': get('StatsService_GetUpdateStatus', 'v1UpdateStatus', 'StatsService'),
    '/health': get('Health_Check', 'v1HealthCheckResponse', 'Health', [
      { name: 'service', in: 'query', required: false, type: 'string' },
    ]),
  },
  definitions: {
    HealthCheckResponseServingStatus: {
      type: 'string',
      enum: ['UNKNOWN', 'SERVING', 'NOT_SERVING', 'SERVICE_UNKNOWN'],
      default: 'UNKNOWN',
    },
    protobufAny: { type: 'object', properties: { '@type': str }, additionalProperties: {} },
    rpcStatus: object({
      code: { type: 'integer', format: 'int32' },
      message: str,
      details: arrayOf('protobufAny'),
    }),
    v1ChartSubsetUpdateStatus: { type: 'string', enum: statuses, default: 'PENDING' },
    v1ContractsPageStats: counterFields([
      'total_contracts',
      'new_contracts_24h',
      'total_verified_contracts',
      'new_verified_contracts_24h',
    ]),
    v1Counter: object({ id: str, value: str, title: str, units: str, description: str }),
    v1Counters: object({ counters: arrayOf('v1Counter') }),
    v1HealthCheckResponse: object({ status: ref('HealthCheckResponseServingStatus') }),
    v1LineChart: object({ chart: arrayOf('v1Point'), info: ref('v1LineChartInfo') }),
    v1LineChartInfo: object({
      id: str,
      title: str,
      description: str,
      units: str,
      resolutions: { type: 'array', items: str },
    }),
    v1LineChartSection: object({ id: str, title: str, charts: arrayOf('v1LineChartInfo') }),
    v1LineCharts: object({ sections: arrayOf('v1LineChartSection') }),
    v1MainPageStats: object({
      ...counterFields([
        'average_block_time',
        'total_addresses',
        'total_blocks',
        'total_transactions',
        'yesterday_transactions',
        'total_operational_transactions',
        'yesterday_operational_transactions',
        'op_stack_total_operational_transactions',
        'op_stack_yesterday_operational_transactions',
      ]).properties,
      daily_new_transactions: ref('v1LineChart'),
      daily_new_operational_transactions: ref('v1LineChart'),
      op_stack_daily_new_operational_transactions: ref('v1LineChart'),
    }),
    v1Point: {
      ...object({ date: str, date_to: str, value: str, is_approximate: { type: 'boolean' } }),
      title: 'All integers are encoded as strings to prevent data loss',
    },
    v1TransactionsPageStats: counterFields([
      'pending_transactions_30m',
      'transactions_fee_24h',
      'average_transactions_fee_24h',
      'transactions_24h',
      'operational_transactions_24h',
      'op_stack_operational_transactions_24h',
      'total_zetachain_cross_chain_txns',
      'new_zetachain_cross_chain_txns_24h',
      'pending_zetachain_cross_chain_txns',
    ]),
    v1UpdateStatus: object(
      Object.fromEntries(
        [
          'all_status',
          'independent_status',
          'blocks_dependent_status',
          'internal_transactions_dependent_status',
          'user_ops_dependent_status',
          'zetachain_cctx_dependent_status',
        ].map((n) => [n, ref('v1ChartSubsetUpdateStatus')]),
      ),
    ),
  },
};

let text: string | undefined;

/** `/api/v1/docs/swagger.yaml`: the document the frontend's `/api-docs` page shows for the stats API. */
export const statsSwaggerYaml = (): string => (text ??= `${yaml(DOCUMENT)}\n`);
