import { afterEach, describe, expect, it } from 'vitest';
import { metadataVersion } from '../../src/domain/verificationChecks.js';
import { createHandler } from '../../src/handler/createHandler.js';

type Json = Record<string, any>;

const handler = createHandler({ scenario: 'tiny', seed: 1, cache: false, profile: 'blockscout' });
const { chain } = handler;
const url = `http://mock/v2/api?chainid=${chain.chainId}`;
const get = async (query: string): Promise<Json> =>
  (await (await handler(new Request(`${url}&${query}`))).json()) as Json;
/** A form POST, as forge and foundry's block-explorers send it: chainid in the URL, the rest in the body. */
const post = async (fields: Record<string, string>): Promise<Json> =>
  (await (
    await handler(
      new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }),
    )
  ).json()) as Json;
const notOk = (result: string) => ({ status: '0', message: 'NOTOK', result });
/** A poll as forge sends it (by POST); hardhat-verify's (by GET) is `get`. */
const poll = (guid: string) => post({ module: 'contract', action: 'checkverifystatus', guid });

/** The compiler the unverified contract's code names in its metadata (what a check without a compiler reads). */
const UNVERIFIED = chain.handles.unverifiedContract!;
const COMPILER = `v${metadataVersion(
  (
    (await (
      await handler(
        new Request('http://mock/rpc', {
          method: 'POST',
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [UNVERIFIED, 'latest'] }),
        }),
      )
    ).json()) as Json
  ).result,
)}`;

const SOURCE =
  '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n\ncontract Vault {\n  function deposit() external payable {}\n}\n';
const INPUT = {
  language: 'Solidity',
  sources: { 'src/Vault.sol': { content: SOURCE } },
  settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' },
};
/** forge's verify-contract request (standard JSON): its fields, and its misspelt constructorArguements beside the right one. */
const forgeRequest = (address: string, contractname = 'src/Vault.sol:Vault') => ({
  module: 'contract',
  action: 'verifysourcecode',
  apikey: 'ANY',
  contractaddress: address,
  sourceCode: JSON.stringify(INPUT),
  codeformat: 'solidity-standard-json-input',
  contractname,
  compilerversion: COMPILER,
  constructorArguements: '',
  constructorArguments: '',
});

afterEach(() => handler.reset());

describe("Etherscan's API v2: verifying a contract, as forge and hardhat-verify do it", () => {
  it('verifysourcecode gives a GUID; the first poll by POST is Pending in queue, then Pass - Verified; every API then serves the sources', async () => {
    const address = UNVERIFIED;
    expect(await get(`module=contract&action=getabi&address=${address}`)).toEqual(
      notOk('Contract source code not verified'),
    );
    const submitted = await post(forgeRequest(address));
    expect(submitted.status).toBe('1');
    expect(submitted.result).toMatch(/^[a-z0-9]{50}$/);
    const pass = { status: '1', message: 'OK', result: 'Pass - Verified' };
    expect(await poll(submitted.result)).toEqual(notOk('Pending in queue'));
    expect(await poll(submitted.result)).toEqual(pass);
    // By GET, which changes nothing: the outcome at once.
    expect(await get(`module=contract&action=checkverifystatus&guid=${submitted.result}`)).toEqual(pass);
    const [record] = (await get(`module=contract&action=getsourcecode&address=${address}`)).result;
    expect(record).toMatchObject({ ContractName: 'Vault', ContractFileName: 'src/Vault.sol', CompilerType: 'solc-j' });
    expect(JSON.parse(record.SourceCode.slice(1, -1)).sources['src/Vault.sol'].content).toBe(SOURCE);
    const rest = (await (await handler(new Request(`http://mock/api/v2/smart-contracts/${address}`))).json()) as Json;
    expect(rest).toMatchObject({ is_verified: true, name: 'Vault', source_code: SOURCE });
    // Again: Etherscan's refusal, which forge and hardhat-verify take for "already verified".
    expect(await post(forgeRequest(address))).toEqual(notOk('Contract source code already verified'));
  });

  it('a submission that does not hold the contract fails; an account without code, a partial match, an unknown GUID', async () => {
    const failed = await post(forgeRequest(UNVERIFIED, 'src/Vault.sol:Other'));
    expect(await poll(failed.result)).toEqual(notOk('Pending in queue'));
    const failure = await handler(
      new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `module=contract&action=checkverifystatus&guid=${failed.result}`,
      }),
    );
    expect(await failure.json()).toEqual(notOk('Fail - Unable to verify'));
    expect(failure.headers.get('x-mock-verification-error')).toBe('Wrong contract name, please try again.');
    const wrongCompiler = await post({ ...forgeRequest(UNVERIFIED), compilerversion: 'v0.4.11+commit.68ef5810' });
    expect((await get(`module=contract&action=checkverifystatus&guid=${wrongCompiler.result}`)).result).toBe(
      'Fail - Unable to verify',
    );
    const whale = chain.handles.whale!.toLowerCase();
    expect(await post(forgeRequest(whale))).toEqual(notOk(`Unable to locate ContractCode at ${whale}`));
    const partial = await post(forgeRequest(chain.handles.partiallyVerifiedContract!));
    expect(await poll(partial.result)).toEqual(notOk('Pending in queue'));
    expect(await poll(partial.result)).toEqual(notOk('Already Verified'));
    // A verification by GET changes nothing: refused, as any write by GET.
    const byGet = await handler(new Request(`${url}&${new URLSearchParams(forgeRequest(UNVERIFIED)).toString()}`));
    expect(byGet.status).toBe(405);
    expect(((await byGet.json()) as Json).message).toBe('NOTOK');
    expect(await get('module=contract&action=checkverifystatus&guid=nope')).toEqual(notOk('Unknown UID'));
    expect(await post({ ...forgeRequest(whale), codeformat: 'cobol' })).toEqual(
      notOk('Error! Missing Or invalid codeformat'),
    );
  });

  it('verifyproxycontract and checkproxyverification name the implementation the ledger holds', async () => {
    const proxy = chain.accounts[chain.accountByHash.get(chain.handles.proxy!.toLowerCase())!]!;
    const implementation = chain.accounts[proxy.contract!.implementationId]!.lower;
    const guid = (await post({ module: 'contract', action: 'verifyproxycontract', address: proxy.hash })).result;
    expect(await get(`module=contract&action=checkproxyverification&guid=${guid}`)).toEqual({
      status: '1',
      message: 'OK',
      result: `The proxy's (${proxy.lower}) implementation contract is found at ${implementation} and is successfully updated.`,
    });
    const wrong = (
      await post({
        module: 'contract',
        action: 'verifyproxycontract',
        address: proxy.hash,
        expectedimplementation: chain.handles.whale!,
      })
    ).result;
    expect(await get(`module=contract&action=checkproxyverification&guid=${wrong}`)).toEqual(
      notOk('A corresponding implementation contract was unfortunately not detected for the proxy address.'),
    );
  });

  it('getcontractcreation takes up to 5 addresses; contracts only', async () => {
    const five = [
      chain.handles.erc20Token,
      chain.handles.proxy,
      chain.handles.whale,
      chain.handles.factory,
      chain.handles.vault,
    ].join(',');
    const { result } = await get(`module=contract&action=getcontractcreation&contractaddresses=${five}`);
    expect(result.map((r: Json) => Object.keys(r))[0]).toEqual([
      'contractAddress',
      'contractCreator',
      'txHash',
      'blockNumber',
      'timestamp',
      'contractFactory',
      'creationBytecode',
    ]);
    expect(result.length).toBe(4);
    expect((await get(`module=contract&action=getcontractcreation&contractaddresses=${five},${five}`)).status).toBe(
      '0',
    );
  });
});
