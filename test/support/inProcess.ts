import type { Chain } from '../../src/chain/types.js';
import { createApi } from '../../src/api/createApi.js';
import type { Get } from './walk.js';

/** A `Get` that calls the API core directly, for fast tests of what the endpoints answer. */
export function inProcess(chain: Chain): Get {
  const api = createApi(chain);
  return async (url) => {
    const [path, query = ''] = url.split('?') as [string, string?];
    const response = api(`/api/v2${path}`, new URLSearchParams(query));
    return { status: response.status, body: response.body };
  };
}
