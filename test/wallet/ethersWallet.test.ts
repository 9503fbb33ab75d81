import { Contract, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { KEY1, walletScenarioFile } from './support.js';

type Json = Record<string, any>;
const DEAD = '0x000000000000000000000000000000000000dEaD';
const ERC20 = [
  'function transfer(address to, uint256 amount) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
];

let server: RunningServer;
let provider: JsonRpcProvider;
let wallet: Wallet;
const get = async (path: string): Promise<Json> => (await fetch(`${server.url}${path}`)).json() as Promise<Json>;

beforeAll(async () => {
  server = await startServer({ scenario: walletScenarioFile(), seed: 2, cache: false });
  const { node } = await get('/__mock/scenario');
  // No 250 ms answer cache: against an automining node a second send within it would reuse the first's nonce (as with Anvil).
  provider = new JsonRpcProvider(`${server.url}/rpc`, node.chainId, {
    staticNetwork: true,
    polling: true,
    pollingInterval: 20,
    cacheTimeout: -1,
  });
  // Test account 1: funded, and never touched by generated activity.
  wallet = new Wallet(KEY1, provider);
});
afterAll(async () => {
  provider.destroy();
  await server.close();
});

describe('ethers v6: a Wallet on a JsonRpcProvider', () => {
  it('sends ETH, waits for it, and the REST API agrees with the receipt and balances', async () => {
    const before = await provider.getBalance(wallet.address);
    const response = await wallet.sendTransaction({ to: DEAD, value: parseEther('0.25') });
    const receipt = (await response.wait())!;
    expect(receipt.status).toBe(1);
    expect(receipt.hash).toBe(response.hash);
    const after = await provider.getBalance(wallet.address);
    expect(before - after).toBe(parseEther('0.25') + receipt.gasUsed * receipt.gasPrice);
    const rest = await get(`/api/v2/transactions/${receipt.hash}`);
    expect(rest).toMatchObject({
      status: 'ok',
      block_number: receipt.blockNumber,
      from: { hash: wallet.address },
      value: parseEther('0.25').toString(),
    });
    expect(BigInt(rest.fee.value)).toBe(receipt.fee);
    expect((await get(`/api/v2/addresses/${wallet.address}`)).coin_balance).toBe(after.toString());
    expect(await provider.getTransactionCount(wallet.address)).toBe(1);
  });

  it('a transfer of tokens it does not hold reverts: ethers throws CALL_EXCEPTION, the explorer shows the reason', async () => {
    const { handles } = await get('/__mock/scenario');
    const tusd = (handles as Json[]).find((h) => h.name === 'TUSD')!.value as string;
    const token = new Contract(tusd, ERC20, wallet);
    await expect(token.getFunction('transfer').staticCall(DEAD, 1n)).rejects.toThrow(/transfer amount exceeds balance/);
    const response = await token.getFunction('transfer')(DEAD, 1n, { gasLimit: 80_000n });
    await expect(response.wait()).rejects.toMatchObject({ code: 'CALL_EXCEPTION' });
    const receipt = (await provider.getTransactionReceipt(response.hash))!;
    expect(receipt.status).toBe(0);
    const rest = await get(`/api/v2/transactions/${response.hash}`);
    expect(rest).toMatchObject({
      status: 'error',
      result: 'execution reverted',
      revert_reason: 'ERC20: transfer amount exceeds balance',
    });
    expect(await token.getFunction('balanceOf')(DEAD)).toBe(0n);
  });
});
