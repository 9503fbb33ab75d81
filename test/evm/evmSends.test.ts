import type { AbiFunction as AbiFunctionType } from 'abitype';
import * as Abi from 'ox/Abi';
import * as AbiFunction from 'ox/AbiFunction';
import { abiOf } from '../../generators/contracts/abiOf.js';
import { describe, expect, it } from 'vitest';
import { testKey } from '../../src/chain/testKeys.js';
import { factsOf } from '../../src/domain/facts.js';
import { encodedLogOf } from '../../src/domain/logs.js';
import { storageWrittenAt } from '../../src/domain/storage.js';
import { codeAt } from '../../src/domain/contracts.js';
import { logsOfTransaction } from '../../src/chain/logs.js';
import { findScenario } from '../../scenarios/index.js';
import { createApi } from '../../src/app/createApi.js';
import { getUrl } from '../../src/rest/walkPages.js';
import { type Artifact, artifact, evmChain } from './harness.js';

const KEY = testKey(0).privateKey;
const ME = testKey(0).address.toLowerCase();
const counter = artifact('Counter');

describe('contracts a client deploys run on the EVM', () => {
  it('deploys a counter, increments it, and the chain holds its code, storage and event', async () => {
    const t = evmChain({ scenario: 'tiny', seed: 1 });
    const deployed = await t.deploy(KEY, counter);
    expect(deployed.transaction.status).toBe('ok');
    const address = deployed.address!;
    const facts = () => factsOf(t.live.current.chain);
    expect(codeAt(facts(), deployed.transaction.createdId, t.live.current.chain.headHeight)).toBe(
      counter.deployedBytecode,
    );
    const incremented = await t.send(KEY, { to: address, data: t.calldata(counter, 'increment') });
    expect(incremented.transaction).toMatchObject({ status: 'ok', revertReason: null });
    expect(incremented.transaction.gasUsed).toBeGreaterThan(21_000 + 20_000);
    const [log] = logsOfTransaction(incremented.transaction);
    expect(encodedLogOf(facts(), log!).topics[1]).toBe(`0x${ME.slice(2).padStart(64, '0')}`);
    expect((await t.read(counter, address, 'count')).value).toBe(1n);
    expect((await t.read(counter, address, 'byUser', [ME])).value).toBe(1n);
    const slot0 = `0x${'0'.repeat(64)}` as const;
    expect(storageWrittenAt(facts(), deployed.transaction.createdId, slot0, t.live.current.chain.headHeight)).toBe(
      `0x${'0'.repeat(63)}1`,
    );
  });

  it('keeps a revert’s reason and gas: Error(string), a custom error, a panic, out of gas', async () => {
    const t = evmChain({ scenario: 'tiny', seed: 1 });
    const { address } = await t.deploy(KEY, counter);
    const failed = await t.send(KEY, { to: address!, data: t.calldata(counter, 'fail') });
    expect(failed.transaction).toMatchObject({ status: 'error', revertReason: 'nope' });
    const custom = await t.send(KEY, { to: address!, data: t.calldata(counter, 'add', [1_000n]) });
    expect(custom.transaction).toMatchObject({ status: 'error', revertReason: 'execution reverted' });
    const underflow = await t.read(counter, address!, 'underflow');
    expect(underflow.reverted?.revertData.slice(0, 10)).toBe('0x4e487b71');
    const outOfGas = await t.send(KEY, { to: address!, data: t.calldata(counter, 'burn', [200n]), gas: 100_000 });
    expect(outOfGas.transaction).toMatchObject({ status: 'error', revertReason: 'out of gas', gasUsed: 100_000 });
    expect((await t.read(counter, address!, 'count')).value).toBe(0n);
  });
});

const DEV = `0x${'a1'.repeat(32)}` as const;
const devScenario = {
  ...findScenario('tiny')!,
  name: 'evm-dev',
  entities: {
    accounts: [{ name: 'dev', privateKey: DEV, balance: '100 ETH' }],
    tokens: [{ name: 'Test USD', symbol: 'TUSD', type: 'ERC-20', decimals: 6, holders: { dev: '1000' } }],
  },
};

describe('a call of unverified code', () => {
  it('is decoded by a verified contract’s method of its selector, else named by the selector in the Blockscout profile (transactions, token transfers, advanced filters, CSV), null in the spec’s', async () => {
    const t = evmChain({ scenario: 'tiny', seed: 3 });
    const counter = await t.deploy(KEY, artifact('Counter'));
    await t.send(KEY, { to: counter.address!, data: t.calldata(artifact('Counter'), 'increment') });
    const token = await t.deploy(KEY, artifact('Token'), [10n ** 24n]);
    const bob = testKey(1).address.toLowerCase();
    const transfer = await t.send(KEY, {
      to: token.address!,
      data: t.calldata(artifact('Token'), 'transfer', [bob, 1n]),
    });
    // Data to an account without code: Blockscout names no selector there, but decodes a known one.
    await t.send(KEY, { to: bob, data: '0xdeadbeef00' });
    await t.send(KEY, { to: bob, data: t.calldata(artifact('Token'), 'approve', [bob, 5n]) });
    const chain = t.live.current.chain;
    const methods = (profile: 'spec' | 'blockscout') => {
      const api = createApi(chain, { profile });
      const items = (url: string) => JSON.parse(getUrl(api, `/api/v2${url}`).body).items as { method: string | null }[];
      const csv = getUrl(api, `/api/v2/addresses/${ME}/transactions/csv?from_period=1970-01-01&to_period=2100-01-01`);
      return {
        transactions: items(`/addresses/${ME}/transactions`).map((x) => x.method),
        tokenTransfers: items(`/tokens/${token.address}/transfers`).map((x) => x.method),
        advancedFilters: items(`/advanced-filters?from_address_hashes_to_include=${ME}`).map((x) => x.method),
        csv: csv.body
          .trim()
          .split('\r\n')
          .slice(1)
          .map((row) => row.split(',').at(-1)),
      };
    };
    // Newest first: the approve and the data sent to bob, the token's transfer, its creation, the
    // increment, the counter's creation. `transfer(address,uint256)` and `approve(address,uint256)`
    // are methods of the chain's verified ERC-20s: the explorer decodes the calls with them;
    // `increment()` no verified contract declares.
    const [transferred, increment, creation] = ['transfer', '0xd09de08a', '0x60806040'];
    expect(methods('blockscout')).toEqual({
      transactions: ['approve', null, transferred, null, increment, null],
      // The mint in the creation takes the creation code's first bytes: token transfers skip the callee check.
      tokenTransfers: [transferred, creation],
      // Rows from this account (the mint, from the zero address, is not one): a token transfer's row as the transfer's.
      advancedFilters: ['approve', null, transferred, transferred, null, increment, null],
      csv: ['approve', '', transferred, '', increment, ''],
    });
    expect(methods('spec')).toEqual({
      transactions: ['approve', null, transferred, null, null, null],
      tokenTransfers: [transferred, null],
      advancedFilters: ['approve', null, transferred, transferred, null, null, null],
      // The CSV export is the explorer's in either profile.
      csv: ['approve', '', transferred, '', increment, ''],
    });
    expect(transfer.transaction.status).toBe('ok');
  });
});

describe('a client’s call of a generated proxy', () => {
  it('is shown with its implementation’s function, in both profiles', async () => {
    const t = evmChain({ scenario: 'tiny', seed: 1 });
    const proxy = t.chain.accounts.find((a) => a.contract?.kind === 'transparent-proxy')!;
    const implementation = t.chain.accounts[proxy.contract!.implementationId]!.contract!;
    const fn = abiOf(implementation.kind).find(
      (x): x is AbiFunctionType => x.type === 'function' && x.inputs.length === 0 && x.stateMutability !== 'view',
    )!;
    const sent = await t.send(KEY, { to: proxy.lower, data: AbiFunction.getSelector(fn) });
    for (const profile of ['spec', 'blockscout'] as const) {
      const answer = getUrl(createApi(sent.chain, { profile }), `/api/v2/transactions/${sent.hash}`);
      expect(answer.status, answer.body.slice(0, 200)).toBe(200);
      expect(JSON.parse(answer.body).method).toBe(fn.name);
    }
  });
});

describe('executed contracts and the generated world', () => {
  it('an OpenZeppelin ERC-20 deployed by a client is a token: its mint is a transfer, its holder holds it', async () => {
    const t = evmChain({ scenario: 'tiny', seed: 2 });
    const token = artifact('Token');
    const deployed = await t.deploy(KEY, token, [10n ** 24n]);
    const chain = t.live.current.chain;
    const created = chain.accounts[deployed.transaction.createdId]!;
    expect(created.contract!.token).toMatchObject({ type: 'ERC-20', name: 'Test Token', symbol: 'TT', decimals: 18 });
    expect(deployed.transaction.tokenTransferCount).toBe(1);
    const mint = chain.tokenTransfers.at(deployed.transaction.tokenTransferStart)!;
    expect(chain.accounts[mint.toId]!.lower).toBe(ME);
    expect(mint.amounts).toEqual([10n ** 24n]);
    const bob = testKey(1).address.toLowerCase();
    const sent = await t.send(KEY, { to: created.lower, data: t.calldata(token, 'transfer', [bob, 5n * 10n ** 18n]) });
    expect(sent.transaction.tokenTransferCount).toBe(1);
    expect((await t.read(token, created.lower, 'balanceOf', [bob])).value).toBe(5n * 10n ** 18n);
    expect(t.live.current.chain.accounts[deployed.transaction.createdId]!.contract!.token!.holdersCount).toBe(2);
  });

  it('a contract pulls a generated token through the bridge: the transfer, its event and the allowance left are the ledger’s', async () => {
    const t = evmChain({ scenario: devScenario as never, seed: 1 });
    const spender = artifact('Spender');
    const { address } = await t.deploy(DEV, spender);
    const tusd = t.chain.handles.TUSD!.toLowerCase();
    const erc20 = artifact('Token');
    await t.send(DEV, { to: tusd, data: t.calldata(erc20, 'approve', [address, 300_000_000n]) });
    const pulled = await t.send(DEV, {
      to: address!,
      data: t.calldata(spender, 'pull', [tusd, t.chain.handles.dev, 100_000_000n]),
    });
    expect(pulled.transaction.status).toBe('ok');
    expect(pulled.transaction.tokenTransferCount).toBe(1);
    const chain = t.live.current.chain;
    const transfer = chain.tokenTransfers.at(pulled.transaction.tokenTransferStart)!;
    expect(chain.accounts[transfer.tokenId]!.lower).toBe(tusd);
    expect(chain.accounts[transfer.toId]!.lower).toBe(address);
    expect((await t.read(erc20, tusd, 'balanceOf', [address])).value).toBe(100_000_000n);
    expect((await t.read(erc20, tusd, 'allowance', [t.chain.handles.dev, address])).value).toBe(200_000_000n);
    const failed = await t.send(DEV, {
      to: address!,
      data: t.calldata(spender, 'pullThenFail', [tusd, t.chain.handles.dev, 1n]),
    });
    expect(failed.transaction).toMatchObject({
      status: 'error',
      revertReason: 'changed my mind',
      tokenTransferCount: 0,
    });
    expect((await t.read(erc20, tusd, 'balanceOf', [address])).value).toBe(100_000_000n);
    // Coin in, half back: an internal transaction the ledger moves.
    const paid = await t.send(DEV, { to: address!, data: t.calldata(spender, 'payOut'), value: 10n ** 18n });
    expect(paid.transaction.internalCount).toBe(1);
    const back = t.live.current.chain.internalTransactions.at(paid.transaction.internalStart)!;
    expect(back).toMatchObject({ type: 'call', value: 5n * 10n ** 17n, success: true });
  });
});

describe('the bridge speaks only for the contracts the ledger models', () => {
  it('code that calls the bridge itself, naming a token and a holder, moves nothing', async () => {
    const t = evmChain({ scenario: devScenario as never, seed: 1 });
    const tusd = t.chain.handles.TUSD!.toLowerCase();
    const dev = t.chain.handles.dev!.toLowerCase();
    const erc20 = artifact('Token');
    const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');
    // Runtime: memory = TUSD ‖ dev ‖ 0 ‖ transfer(attacker, 1000 TUSD), CALL the bridge with it, return its success.
    const transfer = t.calldata(erc20, 'transfer', ['0x000000000000000000000000000000000000bad1', 10n ** 9n]).slice(2);
    const words = [word(tusd), word(dev), word('0'), ...(transfer.padEnd(192, '0').match(/.{64}/g) as string[])];
    const stores = words.map((w, i) => `7f${w}61${(i * 32).toString(16).padStart(4, '0')}52`).join('');
    const size = (96 + transfer.length / 2).toString(16).padStart(4, '0');
    // CALL(gas, bridge, 0, 0, size, 0, 0); MSTORE(0, success); RETURN(0, 32).
    const runtime = `${stores}6000600061${size}6000600073${'00000000000000000000000000000000000e4417'}5af160005260206000f3`;
    const length = (runtime.length / 2).toString(16).padStart(4, '0');
    // PUSH2 length PUSH1 14 PUSH1 0 CODECOPY PUSH2 length PUSH1 0 RETURN (14 bytes), then the runtime.
    const init = `0x61${length}600e60003961${length}6000f3${runtime}`;
    const deployed = await t.send(DEV, { to: null, data: init as `0x${string}` });
    const forger = deployed.chain.accounts[deployed.transaction.createdId]!.lower;
    const before = (await t.read(erc20, tusd, 'balanceOf', [dev])).value;
    // Its code answers whether the bridge did what it asked: no.
    const probe = { abi: Abi.from(['function probe() returns (uint256)']) } as unknown as Artifact;
    expect((await t.read(probe, forger, 'probe', [], dev)).value).toBe(0n);
    const sent = await t.send(DEV, { to: forger, data: '0x' });
    expect(sent.transaction.status).toBe('ok');
    expect(sent.transaction.tokenTransferCount).toBe(0);
    expect((await t.read(erc20, tusd, 'balanceOf', [dev])).value).toBe(before);
    expect((await t.read(erc20, tusd, 'balanceOf', ['0x000000000000000000000000000000000000bad1'])).value).toBe(0n);
  });
});

describe('a log of unverified code', () => {
  it('is decoded, as Blockscout decodes it, by a verified contract’s event of its topic; an event no verified contract declares stays undecoded', async () => {
    const t = evmChain({ scenario: 'tiny', seed: 3 });
    const token = await t.deploy(KEY, artifact('Token'), [10n ** 24n]);
    const bob = testKey(1).address.toLowerCase();
    // OpenZeppelin's `Approval` is a raw log (no token transfer); the chain's verified ERC-20s declare the event.
    const approve = await t.send(KEY, {
      to: token.address!,
      data: t.calldata(artifact('Token'), 'approve', [bob, 5n]),
    });
    const counter = await t.deploy(KEY, artifact('Counter'));
    const increment = await t.send(KEY, { to: counter.address!, data: t.calldata(artifact('Counter'), 'increment') });
    for (const profile of ['spec', 'blockscout'] as const) {
      const api = createApi(t.live.current.chain, { profile });
      const logs = (hash: string) =>
        JSON.parse(getUrl(api, `/api/v2/transactions/${hash}/logs`).body).items as { decoded: any }[];
      const [approval] = logs(approve.hash);
      expect(approval!.decoded).toMatchObject({
        method_call: 'Approval(address indexed owner, address indexed spender, uint256 value)',
        method_id: '8c5be1e5',
      });
      expect(approval!.decoded.parameters.map((p: { value: string }) => p.value)).toEqual([
        testKey(0).address,
        testKey(1).address,
        '5',
      ]);
      expect(logs(increment.hash).map((l) => l.decoded)).toEqual([null]);
    }
  });
});
