/** What a test asks a running server: REST JSON, a node method's result, the scenario's handles by name. */
export function serverClient(url: () => string) {
  type Json = Record<string, any>;
  const get = async (path: string) => (await fetch(`${url()}${path}`)).json() as Promise<Json>;
  const rpc = async (method: string, params: unknown[]) =>
    (
      (await (
        await fetch(`${url()}/rpc`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        })
      ).json()) as Json
    ).result;
  const handles = async (): Promise<Record<string, string>> =>
    Object.fromEntries(((await get('/__mock/scenario')).handles as Json[]).map((h) => [h.name, h.value as string]));
  return { get, rpc, handles };
}
