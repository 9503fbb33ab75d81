import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/handler/createHandler.js';

type Json = Record<string, any>;

const handler = createHandler({ scenario: 'tiny', seed: 1, cache: false, profile: 'blockscout' });
const chainid = handler.chain.chainId;
const fetchJson = async (url: string, init?: RequestInit): Promise<{ status: number; json: Json }> => {
  const response = await handler(new Request(`http://mock${url}`, init));
  return { status: response.status, json: (await response.json()) as Json };
};
const CHAIN_TEXT =
  'Missing or unsupported chainid parameter (required for v2 api), please see https://api.etherscan.io/v2/chainlist for the list of supported chainids';

describe("Etherscan's API v2: the envelope and routing", () => {
  it('requires chainid (query or body, any case of its name) and checks it against the chain', async () => {
    const refused = { status: '0', message: 'NOTOK', result: CHAIN_TEXT };
    for (const query of ['module=stats&action=ethsupply', `chainid=1${chainid}&module=stats`, 'chainid=1,2'])
      expect(await fetchJson(`/v2/api?${query}`), query).toEqual({ status: 200, json: refused });
    // In the body of a POST, as hardhat-verify's form or ethers' post data may carry it.
    const posted = await fetchJson('/v2/api', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `chainid=${chainid}&module=nope`,
    });
    expect(posted.json).toEqual({ status: '0', message: 'NOTOK', result: 'Error! Missing Or invalid Module name' });
    // wagmi's plugin spells it chainId.
    expect((await fetchJson(`/v2/api?chainId=${chainid}&module=nope`)).json.result).toBe(
      'Error! Missing Or invalid Module name',
    );
  });

  it('answers an unknown module or action in its envelope, HTTP 200; the body text keys come in Etherscan’s order', async () => {
    const response = await handler(new Request(`http://mock/v2/api?chainid=${chainid}&module=account&action=nope`));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      '{"status":"0","message":"NOTOK","result":"Error! Missing Or invalid Action name"}',
    );
    for (const module of ['__proto__', 'constructor', ''])
      expect((await fetchJson(`/v2/api?chainid=${chainid}&module=${module}&action=toString`)).json.result).toBe(
        'Error! Missing Or invalid Module name',
      );
  });

  it('lists the chain at /v2/chainlist', async () => {
    const { json } = await fetchJson('/v2/chainlist');
    expect(json.totalcount).toBe(1);
    expect(json.result).toEqual([
      {
        chainname: 'explorer-mock tiny',
        chainid: String(chainid),
        blockexplorer: '/',
        apiurl: `/v2/api?chainid=${chainid}`,
        status: 1,
      },
    ]);
  });

  it('takes any key unless one is required; then Etherscan’s Missing/Invalid API Key', async () => {
    const keyed = createHandler({ scenario: 'tiny', seed: 1, etherscan: { apiKey: 'KEY' } });
    const ask = async (query: string) =>
      (await (await keyed(new Request(`http://mock/v2/api?chainid=${chainid}&module=nope&${query}`))).json()) as Json;
    const missing = { status: '0', message: 'NOTOK', result: 'Missing/Invalid API Key' };
    expect(await ask('')).toEqual(missing);
    expect(await ask('apikey=OTHER')).toEqual(missing);
    expect((await ask('apikey=KEY')).result).toBe('Error! Missing Or invalid Module name');
    expect((await ask('apiKey=KEY')).result).toBe('Error! Missing Or invalid Module name');
    expect(() => createHandler({ scenario: 'tiny', etherscan: { apiKey: '' } })).toThrow(
      'createHandler: etherscan.apiKey must be a non-empty string, got ""',
    );
  });

  it('serves Blockscout’s flavour at /api by default, Etherscan’s V1 deprecation when asked, and /{chainId}/api as /api', async () => {
    const blockscout = await fetchJson('/api?module=stats&action=ethsupply');
    expect(blockscout.json.message).toBe('OK');
    expect((await fetchJson(`/${chainid}/api?module=stats&action=ethsupply`)).json).toEqual(blockscout.json);
    expect((await handler(new Request(`http://mock/1${chainid}/api?module=stats&action=ethsupply`))).status).toBe(404);
    const deprecated = createHandler({ scenario: 'tiny', seed: 1, etherscan: { v1: 'deprecated' } });
    const v1 = {
      status: '0',
      message: 'NOTOK',
      result:
        'You are using a deprecated V1 endpoint, switch to Etherscan API V2 using https://docs.etherscan.io/v2-migration',
    };
    for (const init of [undefined, { method: 'POST', body: 'module=contract&action=getabi' }]) {
      const response = await deprecated(new Request('http://mock/api?module=stats&action=ethsupply', init));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(v1);
    }
    // Blockscout's own spelling and REST v2 are untouched.
    expect(
      (
        (await (
          await deprecated(new Request(`http://mock/${chainid}/api?module=stats&action=ethsupply`))
        ).json()) as Json
      ).message,
    ).toBe('OK');
    expect((await deprecated(new Request('http://mock/api/v2/blocks'))).status).toBe(200);
  });

  it('answers a client over the rate limit in Etherscan’s words on /v2/api, HTTP 200; other paths keep the 429', async () => {
    const limited = createHandler({ scenario: 'tiny', seed: 1, rateLimit: { limit: 2, windowMs: 1_000 } });
    const url = `http://mock/v2/api?chainid=${chainid}&module=nope`;
    // The first request builds the chain (seconds on a loaded machine, past the window): then ask
    // until one is over the limit, which the third in a second is.
    let over = await limited(new Request(url));
    let body = (await over.clone().json()) as Json;
    for (let i = 0; i < 10 && !String(body.result).startsWith('Max'); i++) {
      over = await limited(new Request(url));
      body = (await over.clone().json()) as Json;
    }
    expect(over.status).toBe(200);
    expect(await over.json()).toEqual({
      status: '0',
      message: 'NOTOK',
      result: 'Max calls per sec rate limit reached (2/sec)',
    });
    expect((await limited(new Request('http://mock/api/v2/blocks'))).status).toBe(429);
  });
});
