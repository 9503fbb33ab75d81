import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metadataVersion } from '../../src/domain/verificationChecks.js';
import { type RunningServer, startServer } from '../../src/startServer.js';

type Json = Record<string, any>;

let server: RunningServer;
let api: string;

/** The compiler the unverified contract's code names in its metadata (what a check without a compiler reads). */
let COMPILER = '';
const compiler = () => COMPILER;
const compilerOfCode = async (url: string, address: string) => {
  const response = await fetch(`${url}/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [address, 'latest'] }),
  });
  return `v${metadataVersion(((await response.json()) as { result: string }).result)}`;
};

beforeAll(async () => {
  server = await startServer({ scenario: 'tiny', seed: 1, cache: false, profile: 'blockscout' });
  COMPILER = await compilerOfCode(server.url, server.chain.handles.unverifiedContract!);
  // forge's --verifier-url, to which its client adds the chain id (foundry-rs/block-explorers `with_chain_id`).
  api = `${server.url}/v2/api?chainid=${server.chain.chainId}`;
});
afterAll(() => server.close());

/** foundry's `Client::get`: the query (`apikey`, `module`, `action`, then the action's fields) appended to the API URL. */
const foundryGet = async (fields: Record<string, string>): Promise<Json> =>
  (await fetch(`${api}&${new URLSearchParams({ apikey: 'KEY', ...fields })}`, {
    headers: { accept: 'application/json' },
  }).then((r) => r.json())) as Json;
/** foundry's `Client::post_form`: the same fields as a urlencoded form to the API URL. */
const foundryPost = async (fields: Record<string, string>): Promise<Json> =>
  (await fetch(api, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ apikey: 'KEY', ...fields }).toString(),
  }).then((r) => r.json())) as Json;

const SOURCE =
  '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n\ncontract Vault {\n  function deposit() external payable {}\n}\n';

/** What `forge verify-contract --watch` does against an Etherscan URL, request for request; the GUID's last status. */
async function forgeVerify(
  address: string,
  submission: Record<string, string>,
): Promise<{ guid: string; polls: Json[] }> {
  // is_contract_verified: getabi, "not verified" going on.
  const abi = await foundryGet({ module: 'contract', action: 'getabi', address });
  expect(abi.result).toBe('Contract source code not verified');
  const submitted = await foundryPost({
    module: 'contract',
    action: 'verifysourcecode',
    contractaddress: address,
    ...submission,
    constructorArguements: '',
    constructorArguments: '',
  });
  expect(submitted).toMatchObject({ status: '1', message: 'OK' });
  const guid = submitted.result as string;
  // `check`: retried while Pending in queue.
  const polls: Json[] = [];
  for (let k = 0; k < 5; k++) {
    polls.push(await foundryPost({ module: 'contract', action: 'checkverifystatus', guid }));
    if (polls.at(-1)!.result !== 'Pending in queue') break;
  }
  return { guid, polls };
}

describe("forge's and cast's requests against Etherscan's API v2", () => {
  it('forge verify-contract with a standard-JSON input: submitted, pending, verified; cast source reads the sources back', async () => {
    const address = server.chain.handles.unverifiedContract!;
    try {
      const input = {
        language: 'Solidity',
        sources: { 'src/Vault.sol': { content: SOURCE } },
        settings: { optimizer: { enabled: false, runs: 200 }, evmVersion: 'cancun' },
      };
      const { polls } = await forgeVerify(address, {
        sourceCode: JSON.stringify(input),
        codeformat: 'solidity-standard-json-input',
        contractname: 'src/Vault.sol:Vault',
        compilerversion: compiler(),
      });
      expect(polls.map((p) => [p.status, p.message, p.result])).toEqual([
        ['0', 'NOTOK', 'Pending in queue'],
        ['1', 'OK', 'Pass - Verified'],
      ]);
      // cast source: getsourcecode, the {{…}} input unwrapped into files as foundry's Metadata does.
      const source = await foundryGet({ module: 'contract', action: 'getsourcecode', address });
      const [metadata] = source.result as Json[];
      const unwrapped = JSON.parse(metadata!.SourceCode.slice(1, -1));
      expect(unwrapped.sources['src/Vault.sol'].content).toBe(SOURCE);
      expect(unwrapped.settings.evmVersion).toBe('cancun');
      expect(metadata).toMatchObject({ ContractName: 'Vault', OptimizationUsed: '0', Runs: '200', Proxy: '0' });
      // Verifying again: forge reads "Contract source code already verified" as done.
      const again = await foundryPost({
        module: 'contract',
        action: 'verifysourcecode',
        contractaddress: address,
        sourceCode: JSON.stringify(input),
        codeformat: 'solidity-standard-json-input',
        contractname: 'src/Vault.sol:Vault',
        compilerversion: compiler(),
      });
      expect(again).toEqual({ status: '0', message: 'NOTOK', result: 'Contract source code already verified' });
    } finally {
      server.reset();
    }
  });

  it('forge verify-contract --flatten: a single file, then the source as it is', async () => {
    const address = server.chain.handles.unverifiedContract!;
    try {
      const { polls } = await forgeVerify(address, {
        sourceCode: SOURCE,
        codeformat: 'solidity-single-file',
        contractname: 'Vault',
        compilerversion: compiler(),
        optimizationUsed: '1',
        runs: '200',
      });
      expect(polls.at(-1)!.result).toBe('Pass - Verified');
      const [metadata] = (await foundryGet({ module: 'contract', action: 'getsourcecode', address })).result as Json[];
      expect(metadata).toMatchObject({ SourceCode: SOURCE, CompilerType: 'solc', OptimizationUsed: '1', Runs: '200' });
    } finally {
      server.reset();
    }
  });

  it('forge reads a failed verification as failed, and an account without code as no deployment', async () => {
    const address = server.chain.handles.unverifiedContract!;
    try {
      const { polls } = await forgeVerify(address, {
        sourceCode: SOURCE,
        codeformat: 'solidity-single-file',
        contractname: 'NotVault',
        compilerversion: compiler(),
        optimizationUsed: '0',
      });
      expect(polls.at(-1)).toEqual({ status: '0', message: 'NOTOK', result: 'Fail - Unable to verify' });
      const whale = server.chain.handles.whale!.toLowerCase();
      const submitted = await foundryPost({
        module: 'contract',
        action: 'verifysourcecode',
        contractaddress: whale,
        sourceCode: SOURCE,
        codeformat: 'solidity-single-file',
        contractname: 'Vault',
        compilerversion: compiler(),
      });
      // forge: `if resp.result.starts_with("Unable to locate ContractCode at")` → "could not detect the deployment".
      expect(submitted.result.startsWith('Unable to locate ContractCode at')).toBe(true);
    } finally {
      server.reset();
    }
  });

  it("foundry's block-explorers client: txlist as it pages (startBlock, endBlock, page 0), gas oracle, creation data", async () => {
    const whale = server.chain.handles.whale!;
    const txs = await foundryGet({
      module: 'account',
      action: 'txlist',
      address: whale,
      startBlock: '0',
      endBlock: '99999999',
      page: '0',
      offset: '10000',
      sort: 'asc',
    });
    const rest = ((await (await fetch(`${server.url}/api/v2/addresses/${whale}/transactions`)).json()) as Json).items;
    expect(
      txs.result
        .map((t: Json) => t.hash)
        .reverse()
        .slice(0, rest.length),
    ).toEqual(rest.map((t: Json) => t.hash));
    // Every field foundry's NormalTransaction parses is there, a string.
    for (const key of ['isError', 'txreceipt_status', 'confirmations', 'methodId', 'functionName', 'cumulativeGasUsed'])
      expect(typeof txs.result[0][key]).toBe('string');
    const oracle = (await foundryGet({ module: 'gastracker', action: 'gasoracle' })).result;
    for (const key of ['LastBlock', 'SafeGasPrice', 'ProposeGasPrice', 'FastGasPrice', 'suggestBaseFee'])
      expect(Number.isFinite(Number(oracle[key]))).toBe(true);
    expect(oracle.gasUsedRatio.split(',').every((r: string) => Number.isFinite(Number(r)))).toBe(true);
    // forge --guess-constructor-args: getcontractcreation's txHash, then the node's transaction.
    const token = server.chain.handles.erc20Token!;
    const [creation] = (
      await foundryGet({ module: 'contract', action: 'getcontractcreation', contractaddresses: token })
    ).result as Json[];
    expect(creation!.contractAddress).toBe(token.toLowerCase());
    expect(creation!.txHash).toBe(
      ((await (await fetch(`${server.url}/api/v2/addresses/${token}`)).json()) as Json).creation_transaction_hash,
    );
  });
});
