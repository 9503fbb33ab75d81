import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getDispatcher } from '@nomicfoundation/hardhat-utils/request';

/** The part of hardhat-verify's Etherscan and Blockscout clients the tests call (`dist/src/internal/{etherscan,blockscout}.d.ts`). */
export interface VerifyClient {
  isVerified(address: string): Promise<boolean>;
  verify(args: {
    contractAddress: string;
    compilerInput: object;
    contractName: string;
    compilerVersion: string;
    constructorArguments: string;
  }): Promise<string>;
  pollVerificationStatus(
    guid: string,
    address: string,
    contractName: string,
  ): Promise<{ success: boolean; message: string; isRetryable: boolean }>;
}

/**
 * hardhat-verify 3's Etherscan client, what `hardhat verify --network <chain>` runs (loaded by its
 * file: the package does not export it), configured as a chain descriptor configures it for the
 * mock at `url`; a dispatcher of its own makes it poll without its 3-second sleep.
 */
export async function hardhatEtherscan(url: string, chainId: number, name = 'Mockscan'): Promise<VerifyClient> {
  const { Etherscan } = await internal('etherscan');
  return new Etherscan({
    chainId,
    name,
    url,
    apiUrl: `${url}/v2/api`,
    apiKey: 'any-key',
    dispatcher: await getDispatcher(url),
  }) as VerifyClient;
}

/**
 * hardhat-verify 3's Blockscout client, what `hardhat verify --network <a Blockscout chain>` runs,
 * configured as a chain descriptor configures it: the explorer at `url` and its /api.
 */
export async function hardhatBlockscout(url: string, name = 'Mocknet'): Promise<VerifyClient> {
  const { Blockscout } = await internal('blockscout');
  return new Blockscout({ name, url, apiUrl: `${url}/api` }) as VerifyClient;
}

/** A module of hardhat-verify's own (the package exports neither client), loaded by its file. */
async function internal(name: 'etherscan' | 'blockscout') {
  const dir = dirname(createRequire(import.meta.url).resolve('@nomicfoundation/hardhat-verify/package.json'));
  return import(pathToFileURL(join(dir, `dist/src/internal/${name}.js`)).href);
}
