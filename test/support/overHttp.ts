import { expectValidResponse } from './expectValid.js';
import type { Get } from './walk.js';

/** A `Get` that fetches from a running server and checks every answer against its schema. */
export const overHttp =
  (baseUrl: string): Get =>
  async (url) => {
    const response = await fetch(`${baseUrl}/api/v2${url}`);
    const body = await response.text();
    expectValidResponse(`/api/v2${url}`, response.status, body);
    return { status: response.status, body, headers: response.headers };
  };
