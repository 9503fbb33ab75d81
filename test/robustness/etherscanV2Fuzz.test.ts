import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/handler/createHandler.js';

const handler = createHandler({ scenario: 'tiny', seed: 4, cache: false, profile: 'blockscout' });
const chain = handler.chain;
const CHAIN = String(chain.chainId);
const ACTIONS: Record<string, string[]> = {
  account: [
    'balance',
    'balancemulti',
    'balancehistory',
    'txlist',
    'txlistinternal',
    'tokentx',
    'tokennfttx',
    'token1155tx',
    'tokenbalance',
    'tokenbalancehistory',
    'addresstokenbalance',
    'addresstokennftbalance',
    'getminedblocks',
    'txsBeaconWithdrawal',
    'fundedby',
  ],
  contract: [
    'getabi',
    'getsourcecode',
    'getcontractcreation',
    'verifysourcecode',
    'checkverifystatus',
    'verifyproxycontract',
    'checkproxyverification',
  ],
  transaction: ['getstatus', 'gettxreceiptstatus'],
  block: ['getblockreward', 'getblockcountdown', 'getblocknobytime'],
  logs: ['getLogs'],
  token: ['tokenholderlist', 'tokenholdercount', 'tokeninfo'],
  gastracker: ['gasoracle', 'gasestimate'],
  stats: [
    'ethsupply',
    'ethsupply2',
    'ethprice',
    'chainsize',
    'nodecount',
    'tokensupply',
    'tokensupplyhistory',
    'dailytx',
    'dailytxnfee',
    'dailyblkcount',
    'dailynetutilization',
    'ethdailyprice',
  ],
  proxy: [
    'eth_blockNumber',
    'eth_getBlockByNumber',
    'eth_getUncleByBlockNumberAndIndex',
    'eth_getBlockTransactionCountByNumber',
    'eth_getTransactionByHash',
    'eth_getTransactionByBlockNumberAndIndex',
    'eth_getTransactionCount',
    'eth_sendRawTransaction',
    'eth_getTransactionReceipt',
    'eth_call',
    'eth_getCode',
    'eth_getStorageAt',
    'eth_gasPrice',
    'eth_estimateGas',
  ],
};
const PARAMS = [
  'address',
  'contractaddress',
  'contractaddresses',
  'txhash',
  'blockno',
  'blocktype',
  'timestamp',
  'closest',
  'page',
  'offset',
  'sort',
  'startblock',
  'endBlock',
  'tag',
  'boolean',
  'index',
  'position',
  'hex',
  'to',
  'data',
  'value',
  'gas',
  'gasprice',
  'fromBlock',
  'toBlock',
  'topic0',
  'topic1',
  'topic0_1_opr',
  'startdate',
  'enddate',
  'guid',
  'codeformat',
  'sourceCode',
  'contractname',
  'compilerversion',
  'expectedimplementation',
  'id',
  'apikey',
];
const addresses = [
  chain.handles.whale!,
  chain.handles.erc20Token!,
  chain.handles.erc1155Token!,
  chain.handles.proxy!,
  chain.handles.unverifiedContract!,
  '0x0000000000000000000000000000000000000000',
];
/** Values a client sends, and their near misses: one digit short or long, no 0x, wrong case, out of range. */
const nearMisses = (text: string) => [
  text,
  text.slice(0, -1),
  `${text}0`,
  text.slice(2),
  text.toUpperCase(),
  ` ${text}`,
];
const value = fc.oneof(
  fc.constantFrom(
    ...addresses.flatMap(nearMisses),
    ...nearMisses(chain.handles.failedTransaction!),
    ...nearMisses(`0x${chain.headHeight.toString(16)}`),
    'latest',
    'earliest',
    'pending',
    'asc',
    'desc',
    'before',
    'after',
    'and',
    'or',
    'true',
    'false',
    'blocks',
    'uncles',
    '2024-05-01',
    '2024-02-30',
    '0',
    '-1',
    '1e3',
    '0x',
    '99999999999999999999',
    `0x${'f'.repeat(64)}`,
    'solidity-standard-json-input',
    'solidity-single-file',
    '{"sources":{"a.sol":{"content":"contract A {}"}}}',
    '',
  ),
  fc.integer({ min: -5, max: 20_000 }).map(String),
  fc.string({ maxLength: 30 }),
  fc.array(fc.constantFrom(...addresses), { maxLength: 25 }).map((a) => a.join(',')),
);
const request = fc.record({
  module: fc.oneof(
    fc.constantFrom(...Object.keys(ACTIONS), 'ACCOUNT', 'Proxy', '__proto__', 'constructor'),
    fc.string({ maxLength: 12 }),
  ),
  action: fc.oneof(
    fc.constantFrom(...Object.values(ACTIONS).flat(), 'TXLIST', 'toString', 'hasOwnProperty'),
    fc.string({ maxLength: 12 }),
  ),
  chainid: fc.constantFrom(CHAIN, CHAIN, CHAIN, CHAIN, '1', '', ` ${CHAIN}`, `${CHAIN},1`, `0${CHAIN}`, 'x'),
  chainIdName: fc.constantFrom('chainid', 'chainid', 'chainId', 'CHAINID', 'chain_id'),
  params: fc.array(fc.tuple(fc.constantFrom(...PARAMS), value), { maxLength: 6 }),
  path: fc.constantFrom('/v2/api', '/v2/api/', '/v2/chainlist', `/${CHAIN}/api`),
  method: fc.constantFrom('GET', 'GET', 'POST', 'POST-json', 'POST-multipart', 'PUT'),
});

describe("Etherscan's API v2 under random requests", () => {
  it('never answers 5xx, always answers in its envelope (the proxy module in JSON-RPC; a write by GET 405), and changes nothing another client reads', async () => {
    const probe = async () =>
      Promise.all(
        [
          `/v2/api?chainid=${CHAIN}&module=account&action=txlist&address=${chain.handles.whale}&offset=5`,
          `/v2/api?chainid=${CHAIN}&module=contract&action=getsourcecode&address=${chain.handles.erc20Token}`,
          `/v2/api?chainid=${CHAIN}&module=proxy&action=eth_getBlockByNumber&tag=latest&boolean=true`,
          '/api/v2/blocks',
          '/api?module=stats&action=ethsupply',
        ].map(async (url) => (await handler(new Request(`http://mock${url}`))).text()),
      );
    const before = await probe();
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const fields: [string, string][] = [
          [r.chainIdName, r.chainid],
          ['module', r.module],
          ['action', r.action],
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
            body: JSON.stringify(Object.fromEntries(fields)),
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
        const what = `${r.method} ${url} ${JSON.stringify(Object.fromEntries(fields)).slice(0, 300)} → ${text.slice(0, 200)}`;
        expect(response.status, what).toBeLessThan(500);
        const json = JSON.parse(text) as Record<string, unknown>;
        if (r.path.startsWith('/v2/api') && r.method !== 'PUT') {
          // HTTP 200 always, but a write by GET (405: a GET changes nothing).
          expect(response.status === 200 || (response.status === 405 && r.method === 'GET'), what).toBe(true);
          if ('jsonrpc' in json) expect(Object.keys(json).slice(0, 2), what).toEqual(['jsonrpc', 'id']);
          else expect(Object.keys(json), what).toEqual(['status', 'message', 'result']);
        }
        answered++;
      }),
      { numRuns: 10_000, seed: 33 },
    );
    expect(answered).toBe(10_000);
    expect(await probe()).toEqual(before);
  }, 600_000);
});
