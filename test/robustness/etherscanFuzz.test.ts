import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/handler/createHandler.js';
import { metadataVersion } from '../../src/domain/verificationChecks.js';

const handler = createHandler({ scenario: 'tiny', seed: 4, cache: false, profile: 'blockscout' });
const chain = handler.chain;
const ACTIONS: Record<string, string[]> = {
  account: [
    'balance',
    'balancemulti',
    'txlist',
    'txlistinternal',
    'tokentx',
    'tokennfttx',
    'token1155tx',
    'token404tx',
    'tokenbalance',
    'tokenlist',
    'getminedblocks',
    'pendingtxlist',
    'listaccounts',
    'eth_get_balance',
  ],
  block: ['getblockreward', 'getblockcountdown', 'getblocknobytime', 'eth_block_number'],
  contract: [
    'getabi',
    'getsourcecode',
    'getcontractcreation',
    'listcontracts',
    'verifysourcecode',
    'checkverifystatus',
  ],
  logs: ['getLogs', 'getlogs'],
  stats: ['ethsupply', 'coinsupply', 'ethprice', 'coinprice', 'tokensupply', 'totalfees', 'ethsupplyexchange'],
  token: ['getToken', 'getTokenHolders'],
  transaction: ['gettxinfo', 'gettxreceiptstatus', 'getstatus'],
};
const PARAMS = [
  'address',
  'contractaddress',
  'contractaddresses',
  'txhash',
  'blockno',
  'timestamp',
  'closest',
  'page',
  'offset',
  'sort',
  'startblock',
  'endblock',
  'start_timestamp',
  'end_timestamp',
  'filter_by',
  'include_zero_value',
  'fromBlock',
  'toBlock',
  'topic0',
  'topic1',
  'topic0_1_opr',
  'cmc',
  'date',
  'filter',
  'id',
  'apikey',
  // A verification's fields: hostile inputs must not break what every client is served.
  'codeformat',
  'sourceCode',
  'contractname',
  'compilerversion',
  'constructorArguments',
  'optimizationUsed',
];
/** A standard-JSON input nesting `depth` levels in its settings. */
const deepInput = (depth: number) =>
  `{"language":"Solidity","sources":{"contracts/Vault.sol":{"content":"contract Vault {}"}},"settings":{"a":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
/** A value a JSON body sends as a 5,000-deep array instead of a string. */
const DEEP = '<deep>';
const addresses = [
  chain.handles.unverifiedContract!,
  chain.handles.partiallyVerifiedContract!,
  chain.handles.whale!,
  chain.handles.erc20Token!,
  chain.handles.erc1155Token!,
  chain.handles.proxy!,
  '0x0000000000000000000000000000000000000000',
];
const value = fc.oneof(
  fc.constantFrom(
    ...addresses,
    ...addresses.map((a) => a.toLowerCase()),
    chain.handles.failedTransaction!,
    'latest',
    'asc',
    'desc',
    'before',
    'after',
    'and',
    'or',
    'true',
    '2024-05-01',
    '0',
    '-1',
    '1e3',
    '99999999999999999999',
    `0x${'f'.repeat(64)}`,
    '',
    'solidity-standard-json-input',
    'solidity-single-file',
    'contract Vault {}',
    'Vault',
    'contracts/Vault.sol:Vault',
    'v0.8.21+commit.d9974bed',
    deepInput(5_000),
    deepInput(31),
    `{"sources":{${Array.from({ length: 1_500 }, (_, i) => `"f${i}.sol":{"content":""}`).join(',')}}}`,
    // In a JSON body, a field nesting 5,000 levels deep (see below).
    DEEP,
  ),
  fc.integer({ min: -5, max: 20_000 }).map(String),
  fc.string({ maxLength: 30 }),
  fc.array(fc.constantFrom(...addresses), { maxLength: 25 }).map((a) => a.join(',')),
);
/** The compiler the unverified contract's code names: a hostile submission that names another would fail for that alone. */
const COMPILER = metadataVersion(
  (
    (await (
      await handler(
        new Request('http://mock/rpc', {
          method: 'POST',
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'eth_getCode',
            params: [chain.handles.unverifiedContract, 'latest'],
          }),
        }),
      )
    ).json()) as { result: string }
  ).result,
);

/** Whole hostile submissions, sent among the random ones: each would break what every client is served if it were kept. */
const verification = (sourceCode: string): [string, string][] => [
  ['module', 'contract'],
  ['action', 'verifysourcecode'],
  ['codeformat', 'solidity-standard-json-input'],
  ['contractaddress', chain.handles.unverifiedContract!],
  ['contractname', 'contracts/Vault.sol:Vault'],
  ['compilerversion', `v${COMPILER}`],
  ['sourceCode', sourceCode],
];
const HOSTILE: [string, string][][] = [
  verification(deepInput(5_000)),
  verification(`{"sources":{${Array.from({ length: 1_500 }, (_, i) => `"f${i}.sol":{"content":""}`).join(',')}}}`),
  [
    ['module', 'contract'],
    ['action', 'getabi'],
    ['address', DEEP],
  ],
  [...verification('{}').slice(0, 6), ['sourceCode', DEEP]],
];
const request = fc.record({
  hostile: fc.option(fc.constantFrom(...HOSTILE), { freq: 10 }),
  module: fc.oneof(
    fc.constantFrom(...Object.keys(ACTIONS), 'ACCOUNT', 'proxy', '__proto__', 'constructor'),
    fc.string({ maxLength: 12 }),
  ),
  action: fc.oneof(
    fc.constantFrom(...Object.values(ACTIONS).flat(), 'TXLIST', 'toString', 'hasOwnProperty'),
    fc.string({ maxLength: 12 }),
  ),
  params: fc.array(fc.tuple(fc.constantFrom(...PARAMS), value), { maxLength: 6 }),
  path: fc.constantFrom('/api', '/api/', '/api/v1', '/api/v1/', '/api/x', '/api/v1/eth'),
  method: fc.constantFrom('GET', 'POST', 'POST-json', 'POST-multipart', 'PUT'),
  drop: fc.constantFrom('none', 'module', 'action'),
});

describe('the Etherscan-compatible API under random requests', () => {
  it('never answers 5xx, always answers in its envelope, and changes nothing another client reads', async () => {
    const probe = async () =>
      Promise.all(
        [
          `/api?module=account&action=txlist&address=${chain.handles.whale}&offset=5`,
          '/api/v2/blocks',
          `/api?module=stats&action=ethsupply`,
        ].map(async (url) => (await handler(new Request(`http://mock${url}`))).text()),
      );
    const before = await probe();
    const sourcePages = async () =>
      Promise.all(
        chain.accounts
          .filter((a) => a.contract)
          .flatMap((a) => [
            `/api?module=contract&action=getsourcecode&address=${a.hash}`,
            `/api/v2/smart-contracts/${a.hash}`,
          ])
          .map(async (url) => `${url} ${(await handler(new Request(`http://mock${url}`))).status}`),
      );
    const sourcesBefore = await sourcePages();
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const fields: [string, string][] = r.hostile ?? [
          ...(r.drop === 'module' ? [] : [['module', r.module] as [string, string]]),
          ...(r.drop === 'action' ? [] : [['action', r.action] as [string, string]]),
          ...r.params,
        ];
        const query = new URLSearchParams(fields).toString();
        let init: RequestInit | undefined;
        let url = `http://mock${r.path}?${query}`;
        if (r.method === 'POST')
          init = { method: 'POST', body: query, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
        if (r.method === 'POST-json')
          init = {
            method: 'POST',
            body: JSON.stringify(Object.fromEntries(fields)).replaceAll(
              JSON.stringify(DEEP),
              `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
            ),
            headers: { 'content-type': 'application/json' },
          };
        if (r.method === 'POST-multipart') {
          const form = new FormData();
          for (const [k, v] of fields) form.append(k, v);
          init = { method: 'POST', body: form };
        }
        if (r.method === 'PUT') init = { method: 'PUT', body: query };
        if (init) url = `http://mock${r.path}`;
        const response = await handler(new Request(url, init));
        const text = await response.text();
        expect(response.status, `${r.method} ${url} ${text.slice(0, 200)}`).toBeLessThan(500);
        if (response.headers.get('content-type')?.includes('json')) JSON.parse(text);
        answered++;
      }),
      { numRuns: 3_000, seed: 24 },
    );
    expect(answered).toBe(3_000);
    expect(await probe()).toEqual(before);
    // Whatever the verifications it sent, every contract's sources are served as before (a verified one's 200 stays 200).
    expect(await sourcePages()).toEqual(sourcesBefore);
  }, 120_000);
});
