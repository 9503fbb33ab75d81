import { createServer } from 'node:http';
import { build } from 'esbuild';

/**
 * A dApp page on an origin of its own (the mock's CORS lets it call /rpc and the REST API): the
 * script `entry` bundled for the browser, served at /app.js under an empty page. Its URL and close.
 */
export async function serveBundledPage(entry: string): Promise<{ url: string; close(): void }> {
  const bundle = await build({ entryPoints: [entry], bundle: true, format: 'iife', platform: 'browser', write: false });
  const script = bundle.outputFiles[0]!.text;
  const page = createServer((request, response) => {
    if (request.url === '/app.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><script src="/app.js"></script>');
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(page.address() as { port: number }).port}/`, close: () => page.close() };
}
