import { z } from 'zod';

/**
 * A list response: `items` and `next_page_params`, which is null on the last page and otherwise
 * holds exactly `keys`.
 */
export const page = <Item extends z.ZodType, Keys extends z.ZodRawShape>(
  item: Item,
  keys: Keys,
  id: string,
  extra: z.ZodRawShape = {},
) => z.strictObject({ ...extra, items: z.array(item), next_page_params: z.strictObject(keys).nullable() }).meta({ id });
