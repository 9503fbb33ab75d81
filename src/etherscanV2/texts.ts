/** Etherscan's own texts, word for word (docs.etherscan.io, and what its API answers). */
export const TEXTS = {
  chainId:
    'Missing or unsupported chainid parameter (required for v2 api), please see https://api.etherscan.io/v2/chainlist for the list of supported chainids',
  apiKey: 'Missing/Invalid API Key',
  v1Deprecated:
    'You are using a deprecated V1 endpoint, switch to Etherscan API V2 using https://docs.etherscan.io/v2-migration',
  module: 'Error! Missing Or invalid Module name',
  action: 'Error! Missing Or invalid Action name',
  invalidAddress: 'Error! Invalid address format',
  window: 'Result window is too large, PageNo x Offset size must be less than or equal to 10000',
  noTransactions: 'No transactions found',
  noRecords: 'No records found',
} as const;

/** Etherscan's answer when a client passes the rate limit: its per-second wording when the window is a second. */
export function rateLimitText(limit: number, windowMs: number): string {
  return windowMs === 1_000
    ? `Max calls per sec rate limit reached (${limit}/sec)`
    : 'Max rate limit reached, please use API Key for higher rate limit';
}

/** The V1 path's envelope, as Etherscan answers any request there since it was switched off. */
export const V1_DEPRECATED_BODY = `{"status":"0","message":"NOTOK","result":${JSON.stringify(TEXTS.v1Deprecated)}}`;

/** The rate limit's envelope (HTTP 200, as Etherscan answers it). */
export const rateLimitBody = (limit: number, windowMs: number): string =>
  `{"status":"0","message":"NOTOK","result":${JSON.stringify(rateLimitText(limit, windowMs))}}`;
