import type { Chain } from '../../src/chain/types.js';
import { createApi } from '../../src/app/createApi.js';
import { getUrl } from '../../src/rest/walkPages.js';
import { expectValidResponse } from './expectValid.js';
import type { Get } from './walk.js';

/** A `Get` that calls the API core directly and checks every answer against its schema. */
export function inProcess(chain: Chain): Get {
  const api = createApi(chain);
  return async (url) => {
    const response = getUrl(api, `/api/v2${url}`);
    expectValidResponse(`/api/v2${url}`, response.status, response.body);
    return { status: response.status, body: response.body };
  };
}
