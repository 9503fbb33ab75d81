import { unitsToDecimal } from '../../domain/amounts.js';
import { holdersOf, tokenOf } from '../../domain/tokens.js';
import type { EndpointHandler } from '../endpoint.js';
import { tokenContractOf } from '../endpoints/tokens.js';
import { CSV_EXPORT_LIMIT, csvResponse } from './csvResponse.js';
import { periodBlock } from './csvPeriod.js';
import { csvAddress, xsdDecimal } from './csvValues.js';

/**
 * `/tokens/{h}/holders/csv` (`explorer/chain/csv_export/token/holders.ex`): the rows of
 * `/tokens/{h}/holders`, in its order, each balance in whole tokens. A period may be sent (the
 * explorer's schema checks it) but narrows nothing.
 */
export const tokenHoldersCsv: EndpointHandler = (ctx, [raw], query) => {
  for (const key of ['from_period', 'to_period'] as const) {
    const text = query.get(key);
    if (text !== null) periodBlock(ctx.chain, key, text);
  }
  const id = tokenContractOf(ctx, raw!);
  const { decimals } = tokenOf(ctx.facts, id);
  const rows = holdersOf(ctx.facts, id)
    .slice(0, CSV_EXPORT_LIMIT)
    .map((h) => [csvAddress(ctx.chain, h.holder), xsdDecimal(unitsToDecimal(h.value, decimals))]);
  return csvResponse(['HolderAddress', 'Balance'], rows);
};
