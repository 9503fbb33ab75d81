import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIFFERENCES } from '../../src/etherscanV2/differences.js';
import { createHandler } from '../../src/handler/createHandler.js';

type Json = any;

const handler = createHandler({ scenario: 'tiny', seed: 1, cache: false, profile: 'blockscout' });
const { chain } = handler;
const h = chain.handles;
const ask = async (url: string, init?: RequestInit) => {
  const response = await handler(new Request(`http://mock${url}`, init));
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) as Json };
};
/** Both flavours asked the same query: Blockscout's at /api, Etherscan's at /v2/api. */
const both = async (query: string) => ({
  b: await ask(`/api?${query}`),
  e: await ask(`/v2/api?chainid=${chain.chainId}&${query}`),
});
const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const SOURCE = 'contract Vault {}';
const verification = (address: string) => ({
  module: 'contract',
  action: 'verifysourcecode',
  contractaddress: address,
  sourceCode: JSON.stringify({ language: 'Solidity', sources: { 'Vault.sol': { content: SOURCE } } }),
  codeformat: 'solidity-standard-json-input',
  contractname: 'Vault.sol:Vault',
  compilerversion: 'v0.8.24+commit.e11b9ed9',
});
const postBoth = async (fields: Record<string, string>) => ({
  b: await ask('/api', form(fields)),
  e: await ask(`/v2/api?chainid=${chain.chainId}`, form(fields)),
});

/** For each row, a request to both flavours and what must hold of the two answers. */
const PROBES: Readonly<Record<string, () => Promise<boolean>>> = {
  'Path and chain': async () => {
    const b = await ask('/api?module=stats&action=ethsupply&chainid=999');
    const e = await ask('/v2/api?module=stats&action=ethsupply&chainid=999');
    return b.json.status === '1' && e.json.result.startsWith('Missing or unsupported chainid parameter');
  },
  Envelope: async () => {
    const { b, e } = await both('module=stats&action=ethsupply');
    return b.text.startsWith('{"message":') && e.text.startsWith('{"status":"1","message":"OK","result":');
  },
  Errors: async () => {
    const { b, e } = await both('module=account&action=txlist&address=0x12');
    return b.json.result === null && b.json.message !== 'NOTOK' && e.json.message === 'NOTOK' && e.json.result !== null;
  },
  'Unknown module or action': async () => {
    const { b, e } = await both('module=nope&action=nope');
    return (
      b.status === 400 &&
      b.json.message === 'Unknown module' &&
      e.status === 200 &&
      e.json.result === 'Error! Missing Or invalid Module name'
    );
  },
  'Parameter names': async () => {
    const { b, e } = await both(`module=account&action=txlist&address=${h.whale}&startBlock=99999&sort=asc`);
    return b.json.status === '1' && e.json.message === 'No transactions found';
  },
  'A bad address': async () => {
    const { b, e } = await both('module=account&action=txlist&address=0x12');
    return b.json.message === 'Invalid address format' && e.json.result === 'Error! Invalid address format';
  },
  'List order': async () => {
    const { b, e } = await both(`module=account&action=txlist&address=${h.whale}`);
    return Number(b.json.result[0].blockNumber) > Number(e.json.result[0].blockNumber);
  },
  '`txlist`': async () => {
    const { b, e } = await both(`module=account&action=txlist&address=${h.whale}&sort=desc&offset=1&page=1`);
    return (
      !('functionName' in b.json.result[0]) &&
      'functionName' in e.json.result[0] &&
      Number(e.json.result[0].confirmations) === Number(b.json.result[0].confirmations) + 1
    );
  },
  '`tokentx` and kin': async () => {
    const { b, e } = await both(
      `module=account&action=tokentx&contractaddress=${h.erc20Token}&sort=asc&offset=3&page=1`,
    );
    const nft = await both(`module=account&action=tokennfttx&contractaddress=${h.erc721Token}&offset=1&page=1`);
    return (
      !b.json.result[2].methodId.startsWith('0x') &&
      e.json.result[2].methodId.startsWith('0x') &&
      e.json.result[2].input === 'deprecated' &&
      b.json.result[2].input !== 'deprecated' &&
      nft.b.json.result[0].tokenDecimal === '' &&
      nft.e.json.result[0].tokenDecimal === '0'
    );
  },
  'ERC-404 transfers': async () => {
    const { b, e } = await both(`module=account&action=token404tx&contractaddress=${h.erc404Token}`);
    const nft = await ask(
      `/v2/api?chainid=${chain.chainId}&module=account&action=tokennfttx&contractaddress=${h.erc404Token}`,
    );
    return (
      b.json.status === '1' && e.json.result === 'Error! Missing Or invalid Action name' && nft.json.status === '1'
    );
  },
  '`txlistinternal`': async () => {
    const { b, e } = await both(`module=account&action=txlistinternal&address=${h.router}&offset=1&page=1&sort=desc`);
    return 'transactionHash' in b.json.result[0] && 'hash' in e.json.result[0] && 'traceId' in e.json.result[0];
  },
  '`getminedblocks`': async () => {
    const { b, e } = await both(`module=account&action=getminedblocks&address=${h.validator}&offset=1&page=1`);
    return (
      /Z$/.test(b.json.result[0].timeStamp) &&
      /^\d+$/.test(e.json.result[0].timeStamp) &&
      'blockReward' in e.json.result[0]
    );
  },
  '`balance` of several addresses': async () => {
    const { b, e } = await both(`module=account&action=balance&address=${h.whale},${h.deployer}`);
    const multi = await both(`module=account&action=balancemulti&address=${h.whale},${h.deployer}`);
    return (
      Array.isArray(b.json.result) &&
      e.json.result === 'Error! Invalid address format' &&
      'stale' in multi.b.json.result[0] &&
      !('stale' in multi.e.json.result[0])
    );
  },
  '`getblockreward`': async () => {
    const { b, e } = await both('module=block&action=getblockreward&blockno=5');
    return typeof b.json.result.timeStamp === 'number' && typeof e.json.result.timeStamp === 'string';
  },
  '`getblocknobytime`': async () => {
    const time = chain.blocks.at(5)!.timestamp;
    const { b, e } = await both(`module=block&action=getblocknobytime&timestamp=${time}&closest=before`);
    return typeof b.json.result.blockNumber === 'string' && typeof e.json.result === 'string';
  },
  '`getabi`, unverified': async () => {
    const { b, e } = await both(`module=contract&action=getabi&address=${h.unverifiedContract}`);
    return b.json.result === null && e.json.result === 'Contract source code not verified';
  },
  '`getsourcecode`, unverified': async () => {
    const { b, e } = await both(`module=contract&action=getsourcecode&address=${h.unverifiedContract}`);
    return (
      Object.keys(b.json.result[0]).join() === 'Address' &&
      e.json.result[0].ABI === 'Contract source code not verified' &&
      e.json.result[0].SourceCode === ''
    );
  },
  'A verified twin (same bytecode)': async () => {
    const { b, e } = await both(`module=contract&action=getsourcecode&address=${h.verifiedTwinContract}`);
    const abi = await both(`module=contract&action=getabi&address=${h.verifiedTwinContract}`);
    return (
      b.json.result[0].ABI.startsWith('[') &&
      abi.b.json.status === '1' &&
      e.json.result[0].ABI === 'Contract source code not verified' &&
      abi.e.json.result === 'Contract source code not verified' &&
      /^0x[0-9a-f]{40}$/.test(e.json.result[0].SimilarMatch)
    );
  },
  '`getsourcecode`, verified': async () => {
    const { b, e } = await both(`module=contract&action=getsourcecode&address=${h.proxy}`);
    const [br, er] = [b.json.result[0], e.json.result[0]];
    return (
      ['true', 'false'].includes(br.OptimizationUsed) &&
      'IsProxy' in br &&
      ['1', '0'].includes(er.OptimizationUsed) &&
      er.SourceCode.startsWith('{{') &&
      er.Proxy === '1' &&
      /^ipfs:\/\//.test(er.SwarmSource)
    );
  },
  '`getcontractcreation`': async () => {
    const ten = Array(6).fill(h.erc20Token).join(',');
    const { b, e } = await both(`module=contract&action=getcontractcreation&contractaddresses=${ten}`);
    return b.json.result.length === 6 && e.json.status === '0';
  },
  'Verification GUID': async () => {
    const b = await ask('/api', form(verification(h.unverifiedContract!)));
    handler.reset();
    const e = await ask(`/v2/api?chainid=${chain.chainId}`, form(verification(h.unverifiedContract!)));
    handler.reset();
    return /^[0-9a-f]{40}[0-9a-f]+$/.test(b.json.result) && /^[a-z0-9]{50}$/.test(e.json.result);
  },
  '`checkverifystatus`': async () => {
    const bGuid = (await ask('/api', form({ ...verification(h.unverifiedContract!), contractname: 'X' }))).json.result;
    const b = await ask(`/api?module=contract&action=checkverifystatus&guid=${bGuid}`);
    handler.reset();
    const eGuid = (
      await ask(`/v2/api?chainid=${chain.chainId}`, form({ ...verification(h.unverifiedContract!), contractname: 'X' }))
    ).json.result;
    const poll = form({ module: 'contract', action: 'checkverifystatus', guid: eGuid });
    const first = await ask(`/v2/api?chainid=${chain.chainId}`, poll);
    const second = await ask(`/v2/api?chainid=${chain.chainId}`, poll);
    handler.reset();
    return (
      b.json.status === '1' &&
      b.json.result === 'Fail - Unable to verify' &&
      first.json.result === 'Pending in queue' &&
      second.json.status === '0' &&
      second.json.result === 'Fail - Unable to verify'
    );
  },
  'Verifying a verified contract': async () => {
    const { b, e } = await postBoth(verification(h.erc20Token!));
    return (
      b.json.result === 'Smart-contract already verified.' && e.json.result === 'Contract source code already verified'
    );
  },
  'Verifying an account without code': async () => {
    const { b, e } = await postBoth(verification(h.whale!));
    return (
      b.json.result === 'Address is not a smart-contract' &&
      e.json.result.startsWith('Unable to locate ContractCode at 0x')
    );
  },
  '`getLogs`': async () => {
    const { b, e } = await both(`module=logs&action=getLogs&fromBlock=0&toBlock=latest&address=${h.erc20Token}`);
    const withZero = (rows: Json[]) => rows.find((l) => l.transactionIndex === '0x0' || l.transactionIndex === '0x');
    return (
      b.json.result[0].topics.length === 4 &&
      b.json.result[0].topics.includes(null) &&
      !e.json.result[0].topics.includes(null) &&
      !('blockHash' in b.json.result[0]) &&
      'blockHash' in e.json.result[0] &&
      (withZero(b.json.result) === undefined || withZero(b.json.result).transactionIndex === '0x0') &&
      (withZero(e.json.result) === undefined || withZero(e.json.result).transactionIndex === '0x')
    );
  },
  '`getLogs`, none': async () => {
    const { b, e } = await both(`module=logs&action=getLogs&fromBlock=0&toBlock=latest&address=${h.emptyAddress}`);
    return b.json.message === 'No logs found' && e.json.message === 'No records found';
  },
  '`getLogs`, two topics': async () => {
    const t = `0x${'00'.repeat(32)}`;
    const { b, e } = await both(`module=logs&action=getLogs&fromBlock=0&toBlock=latest&topic0=${t}&topic1=${t}`);
    return b.json.message.startsWith('Required query parameters missing') && e.json.message === 'No records found';
  },
  Modules: async () => {
    const { b, e } = await both('module=gastracker&action=gasoracle');
    return b.status === 400 && e.json.status === '1';
  },
  'JSON-RPC in the API': async () => {
    const b = await ask('/api?module=block&action=eth_block_number');
    const e = await ask(`/v2/api?chainid=${chain.chainId}&module=proxy&action=eth_blockNumber`);
    const node = await ask('/rpc', {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    });
    return b.text.includes('"result": ') && e.text === node.text;
  },
  '`ethsupply`': async () => {
    const { b, e } = await both('module=stats&action=ethsupply');
    const parts = (await ask(`/v2/api?chainid=${chain.chainId}&module=stats&action=ethsupply2`)).json.result;
    return (
      BigInt(b.json.result) === chain.totalSupply &&
      BigInt(e.json.result) + BigInt(parts.Eth2Staking) - BigInt(parts.BurntFees) === chain.totalSupply
    );
  },
  'Rate limit': async () => {
    const limited = createHandler({ scenario: 'tiny', seed: 1, rateLimit: { limit: 1, windowMs: 1_000 } });
    const twice = async (url: string) => {
      await limited(new Request(`http://mock${url}`));
      return limited(new Request(`http://mock${url}`));
    };
    const b = await twice('/api?module=stats&action=ethsupply');
    const e = await twice(`/v2/api?chainid=${chain.chainId}&module=stats&action=ethsupply`);
    return (
      b.status === 429 &&
      e.status === 200 &&
      ((await e.json()) as Json).result === 'Max calls per sec rate limit reached (1/sec)'
    );
  },
};

describe("the table of where Etherscan's answers differ from Blockscout's", () => {
  it.each(DIFFERENCES.map((d) => [d.what]))('%s: both APIs answer as the row says', async (what) => {
    expect(PROBES[what], `no probe for ${what}`).toBeDefined();
    expect(await PROBES[what]!()).toBe(true);
  });

  it('is the table docs/etherscan-v2.md shows, row for row', () => {
    const doc = readFileSync(new URL('../../docs/etherscan-v2.md', import.meta.url), 'utf8');
    const rows = doc
      .slice(doc.indexOf('| What | Blockscout (`/api`) | Etherscan (`/v2/api`) | Sources |'))
      .split('\n')
      .slice(2)
      .filter((line, k, all) => line.startsWith('|') && all.slice(0, k).every((l) => l.startsWith('|')));
    expect(rows).toEqual(
      DIFFERENCES.map(
        (d) => `| ${d.what} | ${d.blockscout} | ${d.etherscan} | \`${d.blockscoutSource}\`; ${d.etherscanSource} |`,
      ),
    );
  });
});
