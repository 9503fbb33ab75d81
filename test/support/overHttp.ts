import type { Get } from './walk.js';

/** A `Get` that fetches from a running server. */
export const overHttp =
  (baseUrl: string): Get =>
  async (url) => {
    const response = await fetch(`${baseUrl}/api/v2${url}`);
    return { status: response.status, body: await response.text(), headers: response.headers };
  };
