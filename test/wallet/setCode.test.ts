import { JsonRpcProvider } from 'ethers';
import { createPublicClient, createWalletClient, http, type Chain as ViemChain } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { KEY0, KEY1, walletScenarioFile, mockChain } from './support.js';

type Json = Record<string, any>;
const alice = privateKeyToAccount(KEY0);
const bob = privateKeyToAccount(KEY1);
/** The catalogue's batch executor, predeployed where the chain takes set-code transactions. */
const BATCH_EXECUTOR = '0x8c670296Cb5Cf7572A5aE9516Ae70AEBDfE89ec3';

describe('EIP-7702 set-code transactions through viem and ethers (automine)', () => {
  let server: RunningServer;
  let get: (path: string) => Promise<Json>;
  let handles: Record<string, string>;
  let chain: ViemChain;
  beforeAll(async () => {
    server = await startServer({ scenario: walletScenarioFile(), seed: 1, cache: false, profile: 'blockscout' });
    get = async (path) => (await fetch(`${server.url}${path}`)).json() as Promise<Json>;
    const scenario = await get('/__mock/scenario');
    handles = Object.fromEntries((scenario.handles as Json[]).map((h) => [h.name, h.value]));
    chain = mockChain(server.url, scenario.node.chainId);
  });
  afterAll(() => server.close());

  it('reads a generated set-code transaction and a delegated EOA: viem and ethers parse them, REST agrees', async () => {
    const client = createPublicClient({ chain, transport: http() });
    const hash = handles.setCodeTransaction as `0x${string}`;
    const tx = await client.getTransaction({ hash });
    expect(tx.type).toBe('eip7702');
    expect(tx.authorizationList?.length).toBeGreaterThan(0);
    const delegated = handles.delegatedAccount as `0x${string}`;
    const code = await client.getCode({ address: delegated });
    expect(code).toMatch(/^0xef0100[0-9a-f]{40}$/);
    const rest = await get(`/api/v2/transactions/${hash}`);
    expect(rest.type).toBe(4);
    expect(rest.transaction_types).toContain('set_code_transaction');
    expect(
      rest.authorization_list.map((a: Json) => [a.address_hash.toLowerCase(), BigInt(a.nonce), a.chain_id]),
    ).toEqual(tx.authorizationList!.map((a) => [a.address.toLowerCase(), BigInt(a.nonce), a.chainId]));
    expect(rest.authorization_list[0]).toMatchObject({ authority: delegated, status: 'ok' });
    const address = await get(`/api/v2/addresses/${delegated}`);
    expect(address).toMatchObject({ is_contract: true, proxy_type: 'eip7702' });
    expect(`0xef0100${address.implementations[0].address_hash.slice(2).toLowerCase()}`).toBe(code);

    const provider = new JsonRpcProvider(`${server.url}/rpc`, chain.id, { staticNetwork: true });
    const read = await provider.getTransaction(hash);
    expect(read?.type).toBe(4);
    expect(read?.authorizationList?.length).toBe(tx.authorizationList!.length);
    expect(await provider.getCode(delegated)).toBe(code);
    provider.destroy();
  });

  it('accepts a type-4 send signed with signAuthorization: the authority delegates, its nonce moves, every API shows it', async () => {
    const wallet = createWalletClient({ account: alice, chain, transport: http() });
    const client = createPublicClient({ chain, transport: http() });
    // Bob signs; alice sponsors the transaction.
    const authorization = await wallet.signAuthorization({
      account: bob,
      contractAddress: BATCH_EXECUTOR,
      nonce: await client.getTransactionCount({ address: bob.address }),
    });
    const bobNonce = await client.getTransactionCount({ address: bob.address });
    const hash = await wallet.sendTransaction({ authorizationList: [authorization], to: bob.address });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt).toMatchObject({ status: 'success', type: 'eip7702' });
    expect(receipt.gasUsed).toBeGreaterThanOrEqual(21_000n + 25_000n);
    expect(await client.getCode({ address: bob.address })).toBe(`0xef0100${BATCH_EXECUTOR.slice(2).toLowerCase()}`);
    expect(await client.getTransactionCount({ address: bob.address })).toBe(bobNonce + 1);
    const tx = await client.getTransaction({ hash });
    expect(tx.authorizationList?.[0]).toMatchObject({ address: BATCH_EXECUTOR.toLowerCase(), chainId: chain.id });
    const rest = await get(`/api/v2/transactions/${hash}`);
    expect(rest.authorization_list).toEqual([
      {
        address_hash: BATCH_EXECUTOR,
        chain_id: chain.id,
        nonce: String(bobNonce),
        r: String(BigInt(authorization.r)),
        s: String(BigInt(authorization.s)),
        v: authorization.yParity,
        authority: bob.address,
        status: 'ok',
      },
    ]);
    expect(await get(`/api/v2/addresses/${bob.address}`)).toMatchObject({
      proxy_type: 'eip7702',
      implementations: [{ address_hash: BATCH_EXECUTOR, name: 'BatchExecutor' }],
    });
  });

  it('counts authorizations in eth_estimateGas', async () => {
    const client = createPublicClient({ chain, transport: http() });
    const call = { from: alice.address, to: bob.address } as const;
    const plain = BigInt(await client.request({ method: 'eth_estimateGas', params: [call] } as never));
    const withTwo = BigInt(
      await client.request({
        method: 'eth_estimateGas',
        params: [{ ...call, authorizationList: [{}, {}] }],
      } as never),
    );
    expect(withTwo - plain).toBe(50_000n);
  });
});
