import { encodeFunctionData, erc20Abi, erc721Abi, type Hex, keccak256, parseAbi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadScenario } from '../../scenarios/loadScenario.js';
import type { Scenario } from '../../scenarios/types.js';
import { createHandler, type MockHandler } from '../../src/handler/createHandler.js';
import { chainViolations } from '../support/chainLaws.js';
import { rpc, signed } from './sendHelpers.js';
import { KEY0, KEY1, walletScenarioFile } from './support.js';

const ZERO = '0x0000000000000000000000000000000000000000';
const DEAD = '0x000000000000000000000000000000000000dEaD';
const ALICE = privateKeyToAccount(KEY0).address;
const BOB = privateKeyToAccount(KEY1).address;
const ERC1155 = parseAbi([
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
]);

let scenario: Scenario;
beforeAll(async () => {
  scenario = await loadScenario(walletScenarioFile());
});

/** Sends a call and returns its receipt, checking the node did not fail and the chain still keeps its laws. */
async function send(handler: MockHandler, key: Hex, to: Hex, data: Hex, gas = 200_000n, value = 0n) {
  const raw = await signed(handler, key, { to, data, gas, value });
  const answer = (await rpc(handler, 'eth_sendRawTransaction', [raw])).json;
  expect(answer.error, JSON.stringify(answer.error)).toBeUndefined();
  const receipt = (await rpc(handler, 'eth_getTransactionReceipt', [keccak256(raw)])).json.result;
  expect(chainViolations(handler.chain)).toEqual([]);
  return receipt as { status: string; gasUsed: string; logs: unknown[] };
}

const call = async (handler: MockHandler, from: Hex, to: Hex, data: Hex, method = 'eth_call') =>
  (await rpc(handler, method, [{ from, to, data }, 'latest'])).json;

describe('token writes a client sends follow the standards, and never break the ledger', () => {
  it('edge cases that once threw inside the ledger: zero amounts, an id named twice, transferFrom with no allowance', async () => {
    const handler = createHandler({ scenario, seed: 1, cache: false });
    const nft1155 = handler.chain.handles.erc1155Token as Hex;
    const tusd = handler.chain.handles.TUSD as Hex;
    // Nothing held, nothing sent: a standard ERC-1155 allows it (a log, no move).
    const zero = encodeFunctionData({
      abi: ERC1155,
      functionName: 'safeTransferFrom',
      args: [ALICE, DEAD, 1n, 0n, '0x'],
    });
    expect((await send(handler, KEY0, nft1155, zero)).status).toBe('0x1');
    // The same id twice needs both amounts: it reverts, as the contract's loop would.
    const twice = encodeFunctionData({
      abi: ERC1155,
      functionName: 'safeBatchTransferFrom',
      args: [ALICE, DEAD, [1n, 1n], [1n, 1n], '0x'],
    });
    expect((await call(handler, ALICE, nft1155, twice)).error.message).toBe(
      'execution reverted: ERC1155: insufficient balance for transfer',
    );
    expect((await send(handler, KEY0, nft1155, twice)).status).toBe('0x0');
    // transferFrom of 0 with no allowance: allowed (0 >= 0).
    const fromZero = encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [ALICE, DEAD, 0n] });
    expect((await send(handler, KEY1, tusd, fromZero)).status).toBe('0x1');
    // Re-sending any of them is "already known"/"nonce too low", never a stale pool.
    expect((await rpc(handler, 'eth_getTransactionCount', [ALICE, 'pending'])).json.result).toBe('0x2');
  });

  it('follows OpenZeppelin’s zero-address rules', async () => {
    const handler = createHandler({ scenario, seed: 1, cache: false });
    const tusd = handler.chain.handles.TUSD as Hex;
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ZERO, 5n] });
    expect((await call(handler, ALICE, tusd, data)).error.message).toBe(
      'execution reverted: ERC20: transfer to the zero address',
    );
    expect((await send(handler, KEY0, tusd, data)).status).toBe('0x0');
    const supply = encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' });
    expect(BigInt((await call(handler, ALICE, tusd, supply)).result)).toBe(1_000_000_000n);
  });

  it('an approval sent, then a transferFrom by the spender, agree with eth_call’s allowance at every step', async () => {
    const handler = createHandler({ scenario, seed: 1, cache: false });
    const tusd = handler.chain.handles.TUSD as Hex;
    const allowance = async () =>
      BigInt(
        (
          await call(
            handler,
            ALICE,
            tusd,
            encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [ALICE, BOB] }),
          )
        ).result,
      );
    expect(await allowance()).toBe(0n);
    const approve = await send(
      handler,
      KEY0,
      tusd,
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [BOB, 7n] }),
    );
    expect(approve.logs).toHaveLength(1);
    expect(await allowance()).toBe(7n);
    const spend = encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [ALICE, DEAD, 5n] });
    expect((await send(handler, KEY1, tusd, spend)).status).toBe('0x1');
    expect(await allowance()).toBe(2n);
    expect((await call(handler, BOB, tusd, spend)).error.message).toBe(
      'execution reverted: ERC20: insufficient allowance',
    );
    expect((await send(handler, KEY1, tusd, spend)).status).toBe('0x0');
    // An NFT nobody holds here: approve reverts alike in both.
    const nft = handler.chain.handles.erc721Token as Hex;
    const approveNft = encodeFunctionData({ abi: erc721Abi, functionName: 'approve', args: [BOB, 10n ** 30n] });
    expect((await call(handler, ALICE, nft, approveNft)).error.message).toMatch(/ERC721: invalid token ID/);
    expect((await send(handler, KEY0, nft, approveNft)).status).toBe('0x0');
  });

  it('coin sent to a contract that does not take it reverts, as eth_call said; the estimate is the gas it is mined with', async () => {
    const handler = createHandler({ scenario, seed: 1, cache: false });
    const tusd = handler.chain.handles.TUSD as Hex;
    expect((await rpc(handler, 'eth_call', [{ from: ALICE, to: tusd, value: '0x1' }, 'latest'])).json.error.code).toBe(
      3,
    );
    expect((await send(handler, KEY0, tusd, '0x', 100_000n, 1n)).status).toBe('0x0');
    // Multicall3 and an access list: the node's estimate, used as the gas, is what the ledger charges.
    for (const request of [
      {
        from: ALICE,
        to: handler.chain.handles.multicall3,
        data: encodeFunctionData({
          abi: parseAbi(['function getBlockNumber() view returns (uint256)']),
          functionName: 'getBlockNumber',
        }),
      },
      { from: ALICE, to: DEAD, accessList: [{ address: DEAD, storageKeys: [`0x${'0'.repeat(64)}`] }] },
    ]) {
      const estimate = (await rpc(handler, 'eth_estimateGas', [request])).json.result as string;
      const hash = (await rpc(handler, 'eth_sendTransaction', [request])).json.result as string;
      const receipt = (await rpc(handler, 'eth_getTransactionReceipt', [hash])).json.result;
      expect(receipt.gasUsed).toBe(estimate);
    }
    expect(chainViolations(handler.chain)).toEqual([]);
  });
});

describe('the pool counts what waits', () => {
  it('a sender’s waiting transactions: the pending nonce counts them, and their cost limits the next', async () => {
    const handler = createHandler({ scenario, seed: 1, cache: false, automine: false });
    // Two sends of 2,000,000 gas: the block being filled has room for one; the other waits.
    for (let nonce = 0; nonce < 2; nonce++)
      expect(
        (await rpc(handler, 'eth_sendRawTransaction', [await signed(handler, KEY1, { gas: 2_000_000n, nonce })])).json
          .result,
      ).toBeDefined();
    expect((await rpc(handler, 'eth_getTransactionCount', [BOB, 'pending'])).json.result).toBe('0x2');
    const balance = BigInt((await rpc(handler, 'eth_getBalance', [BOB, 'pending'])).json.result);
    // A third whose cost fits the balance alone (it leaves 0.001 ETH) but not beside the waiting one's 2,000,000 gas: refused.
    const third = await signed(handler, KEY1, { nonce: 2, value: balance - 10n ** 15n });
    expect((await rpc(handler, 'eth_sendRawTransaction', [third])).json.error.message).toMatch(/insufficient funds/);
    handler.mine(2);
    expect((await rpc(handler, 'eth_getTransactionCount', [BOB, 'latest'])).json.result).toBe('0x2');
    expect(chainViolations(handler.chain)).toEqual([]);
  });

  it('refuses a malleable signature (s in the upper half), as geth does', async () => {
    const handler = createHandler({ scenario: 'tiny', seed: 2, cache: false });
    const raw = await signed(handler, KEY0);
    // Flip s to n - s and the recovery bit: the same signer, the other form.
    const { parseTransaction, serializeTransaction } = await import('viem');
    const tx = parseTransaction(raw);
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const flipped = serializeTransaction(tx, {
      r: tx.r!,
      s: `0x${(n - BigInt(tx.s!)).toString(16).padStart(64, '0')}`,
      yParity: tx.yParity === 1 ? 0 : 1,
    });
    expect((await rpc(handler, 'eth_sendRawTransaction', [flipped])).json.error.message).toBe(
      'invalid transaction v, r, s values',
    );
    expect((await rpc(handler, 'eth_sendRawTransaction', [raw])).json.result).toBe(keccak256(raw));
  });
});
