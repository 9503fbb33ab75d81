import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/startServer.js';

type Json = Record<string, any>;

let server: RunningServer;
const get = async (path: string): Promise<Json> => (await fetch(`${server.url}${path}`)).json() as Promise<Json>;
/** A form POST to /api, as hardhat-verify and forge send verifications. */
const post = async (fields: Record<string, string>): Promise<Json> =>
  (await fetch(`${server.url}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  }).then((r) => r.json())) as Json;

/** The compiler the unverified contract's code names in its metadata (tiny, seed 1): checked below. */
const COMPILER = 'v0.8.24+commit.e11b9ed9';

const SOURCE =
  '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n\ncontract Vault {\n  function deposit() external payable {}\n}\n';
const standardJson = (content = SOURCE) =>
  JSON.stringify({
    language: 'Solidity',
    sources: { 'contracts/Vault.sol': { content }, 'contracts/lib/Util.sol': { content: 'library Util {}' } },
    settings: {
      optimizer: { enabled: true, runs: 1000 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi'] } },
    },
  });

beforeAll(async () => {
  server = await startServer({ scenario: 'tiny', seed: 1, cache: false, profile: 'blockscout' });
});
afterAll(() => server.close());

describe('contract verification through the Etherscan-compatible API', () => {
  it('verifysourcecode (standard JSON), checkverifystatus, then every API serves the submitted sources; reset forgets them', async () => {
    const address = server.chain.handles.unverifiedContract!;
    expect((await get(`/api?module=contract&action=getsourcecode&address=${address}`)).result).toEqual([
      { Address: address.toLowerCase() },
    ]);
    const submitted = await post({
      apikey: 'x',
      module: 'contract',
      action: 'verifysourcecode',
      contractaddress: address,
      sourceCode: standardJson(),
      codeformat: 'solidity-standard-json-input',
      contractname: 'contracts/Vault.sol:Vault',
      compilerversion: COMPILER,
      constructorArguements: '',
    });
    expect(submitted.status).toBe('1');
    const guid = submitted.result as string;
    expect(guid).toMatch(/^[0-9a-f]{40}[0-9a-f]+$/);
    expect(guid.slice(0, 40)).toBe(address.toLowerCase().slice(2));
    expect(await get(`/api?module=contract&action=checkverifystatus&guid=${guid}`)).toEqual({
      message: 'OK',
      result: 'Pass - Verified',
      status: '1',
    });
    const [record] = (await get(`/api?module=contract&action=getsourcecode&address=${address}`)).result as Json[];
    expect(record).toMatchObject({
      Address: address.toLowerCase(),
      ContractName: 'Vault',
      CompilerVersion: COMPILER,
      SourceCode: SOURCE,
      FileName: 'contracts/Vault.sol',
      OptimizationUsed: 'true',
      OptimizationRuns: 1000,
      EVMVersion: 'cancun',
      AdditionalSources: [{ Filename: 'contracts/lib/Util.sol', SourceCode: 'library Util {}' }],
    });
    // REST v2 shows the same record; the ABI stays the code's own.
    const rest = await get(`/api/v2/smart-contracts/${address}`);
    expect(rest).toMatchObject({
      is_verified: true,
      name: 'Vault',
      compiler_version: COMPILER,
      source_code: SOURCE,
    });
    expect(JSON.parse((await get(`/api?module=contract&action=getabi&address=${address}`)).result)).toEqual(rest.abi);
    // Once verified, again: the explorer's refusal.
    expect(
      await post({
        module: 'contract',
        action: 'verifysourcecode',
        contractaddress: address,
        sourceCode: standardJson(),
        codeformat: 'solidity-standard-json-input',
        contractname: 'Vault',
        compilerversion: COMPILER,
      }),
    ).toEqual({ message: 'Smart-contract already verified.', result: 'Smart-contract already verified.', status: '0' });
    // Reset: unverified again.
    await fetch(`${server.url}/__mock/reset`, { method: 'POST' });
    expect((await get(`/api?module=contract&action=getsourcecode&address=${address}`)).result).toEqual([
      { Address: address.toLowerCase() },
    ]);
    expect((await get(`/api/v2/smart-contracts/${address}`)).source_code).toBeUndefined();
  });

  it('a submission that does not hold the contract fails to verify; the explorer’s refusals, in its order', async () => {
    const address = server.chain.handles.unverifiedContract!;
    const base = { module: 'contract', action: 'verifysourcecode', codeformat: 'solidity-standard-json-input' };
    const failed = await post({
      ...base,
      contractaddress: address,
      sourceCode: standardJson(),
      contractname: 'contracts/Vault.sol:Other',
      compilerversion: 'v0.8.24',
    });
    expect((await get(`/api?module=contract&action=checkverifystatus&guid=${failed.result}`)).result).toBe(
      'Fail - Unable to verify',
    );
    expect((await get(`/api/v2/smart-contracts/${address}`)).source_code).toBeUndefined();
    expect(await post({ ...base, contractaddress: address })).toEqual({
      message: 'Missing sourceCode or contractaddress fields',
      result: null,
      status: '0',
    });
    expect(await post({ module: 'contract', action: 'verifysourcecode', contractaddress: address })).toEqual({
      message: 'Missing codeformat field',
      result: null,
      status: '0',
    });
    expect(await post({ ...base, contractaddress: '0x12', sourceCode: '{}' })).toMatchObject({
      message: 'Invalid address hash',
    });
    expect(await post({ ...base, contractaddress: address, sourceCode: '{}' })).toMatchObject({
      message: 'contractname is required.',
    });
    expect(
      await post({
        ...base,
        contractaddress: server.chain.handles.whale!,
        sourceCode: '{}',
        contractname: 'X',
        compilerversion: 'v0.8.24',
      }),
    ).toMatchObject({ message: 'Address is not a smart-contract', status: '0' });
    expect(
      await post({
        module: 'contract',
        action: 'verifysourcecode',
        codeformat: 'solidity-single-file',
        contractaddress: address,
        sourceCode: SOURCE,
        contractname: 'Vault',
        compilerversion: 'v0.8.24',
        optimizationUsed: 'maybe',
      }),
    ).toMatchObject({ message: 'optimizationUsed has invalid format' });
    expect((await get('/api?module=contract&action=checkverifystatus&guid=nope')).result).toBe('Unknown UID');
  });

  it('faults reach it, so a script’s failure paths can be tested', async () => {
    const response = await fetch(`${server.url}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-mock-status': '503' },
      body: 'module=contract&action=checkverifystatus&guid=x',
    });
    expect(response.status).toBe(503);
  });

  it('a failed submission and its corrected retry at the same head get two GUIDs; a status polled by GET follows the record', async () => {
    const address = server.chain.handles.unverifiedContract!;
    const base = {
      module: 'contract',
      action: 'verifysourcecode',
      codeformat: 'solidity-standard-json-input',
      contractaddress: address,
      sourceCode: standardJson(),
      compilerversion: 'v0.8.24',
    };
    const first = (await post({ ...base, contractname: 'contracts/Vault.sol:Wrong' })).result as string;
    expect((await get(`/api?module=contract&action=checkverifystatus&guid=${first}`)).result).toBe(
      'Fail - Unable to verify',
    );
    // A name that is no identifier never matches, whatever the source declares.
    const odd = (await post({ ...base, contractname: '!!!' })).result as string;
    expect((await get(`/api?module=contract&action=checkverifystatus&guid=${odd}`)).result).toBe(
      'Fail - Unable to verify',
    );
    const next = `${address.toLowerCase().slice(2)}${(Number.parseInt(odd.slice(40), 16) + 1).toString(16)}`;
    expect((await get(`/api?module=contract&action=checkverifystatus&guid=${next}`)).result).toBe('Unknown UID');
    const second = (await post({ ...base, contractname: 'contracts/Vault.sol:Vault' })).result as string;
    expect(second).toBe(next);
    expect(new Set([first, odd, second]).size).toBe(3);
    // The GET answer polled before is not served from the cache after it.
    expect((await get(`/api?module=contract&action=checkverifystatus&guid=${next}`)).result).toBe('Pass - Verified');
    expect((await get(`/api?module=contract&action=checkverifystatus&guid=${first}`)).result).toBe(
      'Fail - Unable to verify',
    );
    expect((await get(`/api/v2/addresses/${address}`)).name).toBe('Vault');
    await fetch(`${server.url}/__mock/reset`, { method: 'POST' });
  });

  it('a flattened source verifies too', async () => {
    const address = server.chain.handles.unverifiedContract!;
    const answer = await post({
      module: 'contract',
      action: 'verifysourcecode',
      codeformat: 'solidity-single-file',
      contractaddress: address,
      sourceCode: SOURCE,
      contractname: 'Vault',
      compilerversion: COMPILER,
      optimizationUsed: '0',
    });
    expect((await get(`/api?module=contract&action=checkverifystatus&guid=${answer.result}`)).result).toBe(
      'Pass - Verified',
    );
    const [record] = (await get(`/api?module=contract&action=getsourcecode&address=${address}`)).result as Json[];
    expect(record).toMatchObject({
      ContractName: 'Vault',
      FileName: '',
      OptimizationUsed: 'false',
      SourceCode: SOURCE,
    });
    await fetch(`${server.url}/__mock/reset`, { method: 'POST' });
  });

  it('verifyproxycontract and checkproxyverification name the implementation the ledger holds', async () => {
    const proxy = server.chain.handles.proxy!;
    const implementation = server.chain.handles.implementation!.toLowerCase();
    const answer = await post({ module: 'contract', action: 'verifyproxycontract', address: proxy });
    expect(answer.status).toBe('1');
    expect(await get(`/api?module=contract&action=checkproxyverification&guid=${answer.result}`)).toEqual({
      message: 'OK',
      result: `The proxy's (${proxy.toLowerCase()}) implementation contract is found at ${implementation} and is successfully updated.`,
      status: '1',
    });
    expect(
      (
        await post({
          module: 'contract',
          action: 'verifyproxycontract',
          address: server.chain.handles.unverifiedContract!,
        })
      ).message,
    ).toBe('Smart-contract not found or is not verified');
  });
});
