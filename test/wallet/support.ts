import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Account, type Chain, createPublicClient, createWalletClient, defineChain, http } from 'viem';

/** The first key of the test mnemonic ("test test … junk"), as Hardhat and Anvil fund it. */
export const KEY0: `0x${string}` = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** The second. */
export const KEY1: `0x${string}` = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

/**
 * A scenario file for wallet flows: tiny, with test account 0 named `alice` and holding 1,000 of
 * a named ERC-20 (TUSD, 6 decimals), so a test can send coin and tokens from a key it knows.
 */
export function walletScenarioFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'explorer-mock-wallet-'));
  const file = join(dir, 'wallet.json');
  writeFileSync(
    file,
    JSON.stringify({
      extends: 'tiny',
      name: 'wallet',
      entities: {
        accounts: [{ name: 'alice', mnemonicIndex: 0 }],
        tokens: [{ name: 'Test USD', symbol: 'TUSD', type: 'ERC-20', decimals: 6, holders: { alice: '1000' } }],
      },
    }),
  );
  return file;
}

/** viem's chain for a mock at `url`: its node at /rpc, under the chain id the mock reports. */
export const mockChain = (url: string, chainId: number): Chain =>
  defineChain({
    id: chainId,
    name: 'explorer-mock',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`${url}/rpc`] } },
  });

/**
 * viem's clients of a mock's chain, their types inferred from these calls. Annotated instead as
 * `PublicClient` or `ReturnType<typeof createWalletClient>` (viem's defaults), each client had the
 * type checker relate viem's generic client types: 1 to 2.5 s of the type check a file.
 */
export const publicClientOf = (chain: Chain, options: { pollingInterval?: number; cacheTime?: number } = {}) =>
  createPublicClient({ chain, transport: http(), ...options });
export const walletClientOf = (chain: Chain, account: Account) =>
  createWalletClient({ account, chain, transport: http() });
export type MockPublicClient = ReturnType<typeof publicClientOf>;
export type MockWalletClient = ReturnType<typeof walletClientOf>;
