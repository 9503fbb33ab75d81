// Module hooks: appends the URL of every module Node loads, one a line, to the file MODULE_LOG names.
import { appendFileSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  appendFileSync(process.env.MODULE_LOG, `${url}\n`);
  return loaded;
}
