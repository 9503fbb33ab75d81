import * as HdKey from 'ox/HdKey';
import * as Mnemonic from 'ox/Mnemonic';
import { describe, expect, it } from 'vitest';
import {
  addressOfKey,
  MAX_TEST_KEYS,
  privateKeyProblem,
  TEST_DERIVATION_PATH,
  TEST_MNEMONIC,
  testKey,
} from './testKeys.js';

describe('the test keys', () => {
  it('are the accounts Hardhat and Anvil derive from the test mnemonic', () => {
    const root = HdKey.fromSeed(Mnemonic.toSeed(TEST_MNEMONIC));
    for (let i = 0; i < MAX_TEST_KEYS; i++) {
      const { address, privateKey } = testKey(i);
      expect(privateKey).toBe(root.derive(`${TEST_DERIVATION_PATH}${i}`).privateKey);
      expect(address).toBe(addressOfKey(privateKey));
    }
    expect(testKey(0).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('tell a private key from what is not one', () => {
    expect(privateKeyProblem(testKey(3).privateKey)).toBeNull();
    expect(privateKeyProblem('0x12')).toMatch(/64 hex digits/);
    expect(privateKeyProblem(`0x${'0'.repeat(64)}`)).toMatch(/not a private key/);
    expect(privateKeyProblem(`0x${'f'.repeat(64)}`)).toMatch(/not a private key/);
  });
});
