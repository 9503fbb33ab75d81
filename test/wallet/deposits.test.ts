import { encodeFunctionData, type Hex, parseAbi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/handler/createHandler.js';
import { DEPOSIT_CONTRACT_ADDRESS, depositDataRoot } from '../../src/protocol/beaconDeposit.js';
import { chainViolations } from '../support/chainLaws.js';
import { rpc, signed } from './sendHelpers.js';
import { KEY0 } from './support.js';

const DEPOSIT = parseAbi([
  'function deposit(bytes pubkey, bytes withdrawal_credentials, bytes signature, bytes32 deposit_data_root) payable',
]);
const staker = privateKeyToAccount(KEY0).address;
const pubkey = `0xa5${'11'.repeat(47)}` as Hex;
const credentials = `0x01${'00'.repeat(11)}${staker.slice(2).toLowerCase()}` as Hex;
const signature = `0x8b${'22'.repeat(95)}` as Hex;
const data = (
  amountGwei: bigint,
  root = depositDataRoot({ pubkey, withdrawalCredentials: credentials, amountGwei, signature }),
) => encodeFunctionData({ abi: DEPOSIT, args: [pubkey, credentials, signature, root] });

describe('a deposit a wallet sends to the deposit contract', () => {
  it('is a deposit like the generated ones: its log, the next index, every law, complete an epoch later; the contract’s checks revert', async () => {
    const handler = createHandler({ scenario: 'tiny', seed: 1, cache: false });
    const get = async (path: string) => (await handler(new Request(`http://mock${path}`))).json() as Promise<any>;
    const before = (await get('/api/v2/beacon/deposits/count')).deposits_count as number;
    const send = async (value: bigint, input: Hex) => {
      const raw = await signed(handler, KEY0, { to: DEPOSIT_CONTRACT_ADDRESS, value, data: input, gas: 120_000n });
      const hash = (await rpc(handler, 'eth_sendRawTransaction', [raw])).json.result as Hex;
      return (await rpc(handler, 'eth_getTransactionReceipt', [hash])).json.result;
    };

    const ok = await send(32n * 10n ** 18n, data(32_000_000_000n));
    expect(ok.status).toBe('0x1');
    expect(ok.logs).toHaveLength(1);
    expect(chainViolations(handler.chain)).toEqual([]);
    const listed = (await get(`/api/v2/transactions/${ok.transactionHash}/beacon/deposits`)).items;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      index: before,
      pubkey,
      withdrawal_credentials: credentials,
      amount: '32000000000000000000',
      signature,
      status: 'pending',
    });
    expect(listed[0].from_address.hash).toBe(staker);
    expect((await get('/api/v2/beacon/deposits/count')).deposits_count).toBe(before + 1);

    const failures: [bigint, Hex, string][] = [
      [10n ** 17n, data(100_000_000n), 'DepositContract: deposit value too low'],
      [10n ** 18n + 1n, data(1_000_000_000n), 'DepositContract: deposit value not multiple of gwei'],
      [
        32n * 10n ** 18n,
        data(32_000_000_000n, `0x${'00'.repeat(32)}`),
        'DepositContract: reconstructed DepositData does not match supplied deposit_data_root',
      ],
      [32n * 10n ** 18n, '0x', 'execution reverted'],
    ];
    for (const [value, input, reason] of failures) {
      const failed = await send(value, input);
      expect(failed.status, reason).toBe('0x0');
      expect(failed.logs).toEqual([]);
      expect((await get(`/api/v2/transactions/${failed.transactionHash}`)).revert_reason).toBe(reason);
    }
    expect((await get('/api/v2/beacon/deposits/count')).deposits_count).toBe(before + 1);
    expect(chainViolations(handler.chain)).toEqual([]);

    // It completes once it is 32 blocks (an epoch) below the head, as the chain is mined.
    const status = async () =>
      (await get(`/api/v2/transactions/${ok.transactionHash}/beacon/deposits`)).items[0].status as string;
    const depositBlock = Number(BigInt(ok.blockNumber));
    handler.mine(depositBlock + 31 - handler.chain.headHeight);
    expect(await status()).toBe('pending');
    handler.mine(1);
    expect(await status()).toBe('completed');
    expect(chainViolations(handler.chain)).toEqual([]);
  });
});
