import * as ContractAddress from 'ox/ContractAddress';
import { type Abi, createTestClient, getContractAddress, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../src/chain/types.js';
import { testKey } from '../../src/chain/testKeys.js';
import { factsOf } from '../../src/domain/facts.js';
import { codeAt } from '../../src/domain/contracts.js';
import { storageWrittenAt } from '../../src/domain/storage.js';
import { ETHEREUM } from '../../src/protocol/chainSpec.js';
import { decodeSigned, signTransaction } from '../../src/protocol/signedTransaction.js';
import { startServer } from '../../src/startServer.js';
import { agreementViolations } from '../support/agreementLaws.js';
import { mockChain, publicClientOf, walletClientOf } from '../wallet/support.js';
import { artifact, evmChain } from './harness.js';

const account = (key: Hex) => privateKeyToAccount(key).address;

const KEY = testKey(0).privateKey;
const ME = testKey(0).address.toLowerCase();
const counter = artifact('Counter');
const creation = counter.bytecode;

/** A chain whose sends run on the EVM, and sends signed with a nonce of the test's choosing. */
function pooled(automine: boolean) {
  const t = evmChain({ scenario: 'tiny', seed: 8 }, { automine });
  const signed = (tx: { nonce: number; to: string | null; data?: Hex; value?: bigint; gas?: number }) => {
    const head = t.live.current.chain;
    const baseFee = head.blocks.at(head.headHeight)!.baseFeePerGas;
    return decodeSigned(
      signTransaction(
        {
          to: tx.to,
          nonce: tx.nonce,
          value: tx.value ?? 0n,
          gas: tx.gas ?? 1_000_000,
          data: tx.data ?? '0x',
          chainId: head.chainId,
          fees: {
            maxFeePerGas: 4n * baseFee + 10n ** 9n,
            maxPriorityFeePerGas: 10n ** 9n,
          },
        },
        KEY,
      ),
      head.chainId,
      ETHEREUM.transactionTypes,
    );
  };
  /** Where the transaction `hash` was mined (its block and index), if it was. */
  const minedAt = (hash: string) => {
    const chain = t.live.current.chain;
    const index = chain.transactionByHash.get(hash);
    return index === undefined ? undefined : { block: chain.transactions.at(index)!.block, index };
  };
  /** Gas left in the pending block (what the open block took already, generated transactions too). */
  const room = () => {
    const ahead = t.live.current.rpc().mempool()!.ahead;
    const open = ahead.blocks.at(ahead.headHeight)!;
    return open.gasLimit - open.gasUsed;
  };
  const count = async (address: string) => (await t.read(counter, address, 'count')).value;
  /** The counter the test key's transaction of `nonce` creates. */
  const createdAt = (nonce: number) =>
    ContractAddress.fromCreate({
      from: ME as Hex,
      nonce: BigInt(nonce),
    }).toLowerCase();
  return { ...t, signed, minedAt, room, count, createdAt };
}

describe('sends that run on the EVM wait in the pool as a node keeps them', () => {
  it('a creation and a call queued behind a nonce gap run once the gap fills, in the same block (automine)', async () => {
    const t = pooled(true);
    const nonce = t.live.nextNonce(ME);
    const address = t.createdAt(nonce + 1);
    const increment = t.signed({
      nonce: nonce + 2,
      to: address,
      data: t.calldata(counter, 'increment'),
    });
    const create = t.signed({ nonce: nonce + 1, to: null, data: creation });
    expect(await t.live.execute(increment)).toBe('queued');
    expect(await t.live.execute(create)).toBe('queued');
    expect(t.minedAt(create.hash)).toBeUndefined();
    const filler = t.signed({
      nonce,
      to: testKey(1).address,
      value: 1n,
      gas: 21_000,
    });
    expect(await t.live.execute(filler)).toBe('pending');
    const at = [filler, create, increment].map((s) => t.minedAt(s.hash));
    expect(at.map((a) => a?.block)).toEqual([at[0]!.block, at[0]!.block, at[0]!.block]);
    expect(at.map((a) => a!.index - at[0]!.index)).toEqual([0, 1, 2]);
    const chain = t.live.current.chain;
    expect(chain.transactions.at(at[1]!.index)!.status).toBe('ok');
    expect(codeAt(factsOf(chain), chain.accountByHash.get(address)!, chain.headHeight)).toBe(counter.deployedBytecode);
    expect(await t.count(address)).toBe(1n);
  });

  it('with automine off, a creation and its call waiting for room go into the next block once run, and replay after evm_revert as they ran', async () => {
    const t = pooled(false);
    const nonce = t.live.nextNonce(ME);
    const address = t.createdAt(nonce);
    // More gas than the pending block has left (it counts the gas its transactions used): it waits for the next.
    const create = t.signed({
      nonce,
      to: null,
      data: creation,
      gas: t.room() + 1_000,
    });
    const increment = t.signed({
      nonce: nonce + 1,
      to: address,
      data: t.calldata(counter, 'increment'),
    });
    expect(await t.live.execute(create)).toBe('waiting');
    expect(await t.live.execute(increment)).toBe('waiting');
    expect(t.live.nextNonce(ME)).toBe(nonce + 2);
    const mark = t.live.dev.snapshot();
    const head = t.live.current.chain.headHeight;
    await t.live.mineSettled(2);
    expect(t.minedAt(create.hash)?.block).toBe(head + 2);
    expect(t.minedAt(increment.hash)).toEqual({
      block: head + 2,
      index: t.minedAt(create.hash)!.index + 1,
    });
    expect(await t.count(address)).toBe(1n);
    /** The chain's transactions from `from` on, and the two blocks mined, as they are now. */
    const digest = (from: number) => {
      const chain = t.live.current.chain;
      const rows = [];
      for (let i = from; i < chain.transactions.length; i++) {
        const x = chain.transactions.at(i)!;
        rows.push([x.hash, x.block, x.status, x.gasUsed, x.createdId]);
      }
      for (const h of [head + 1, head + 2]) rows.push([chain.blocks.at(h)!.hash, chain.blocks.at(h)!.gasUsed]);
      return JSON.stringify(rows);
    };
    const before = t.live.current.chain.blocks.at(head)!.transactionStart;
    const first = digest(before);
    // Back to the snapshot, the same blocks mined again from the replayed history: the same chain.
    expect(t.live.dev.revert(mark)).toBe(true);
    await t.live.mineSettled(2);
    expect(digest(before)).toBe(first);
    expect(await t.count(address)).toBe(1n);
    // A snapshot after the block took them: its history holds the takes (`fill`), replayed in place.
    const after = t.live.dev.snapshot();
    await t.live.mineSettled(1);
    const next = digest(before);
    expect(t.live.dev.revert(after)).toBe(true);
    await t.live.mineSettled(1);
    expect(digest(before)).toBe(next);
  });

  it('after evm_revert, a send that ran in the history reverted runs again on the ledger of the new one, though it stands at the same place', async () => {
    const t = pooled(false);
    const watched = testKey(2).address.toLowerCase();
    // Runtime: SSTORE(0, BALANCE(watched)); deployed by code that returns it.
    const runtime = `73${watched.slice(2)}3160005500`;
    const size = (runtime.length / 2).toString(16).padStart(2, '0');
    const recorder = t.signed({
      nonce: t.live.nextNonce(ME),
      to: null,
      data: `0x60${size}600c60003960${size}6000f3${runtime}`,
    });
    await t.live.execute(recorder);
    await t.live.mineSettled(1);
    const address = t.createdAt(recorder.nonce);
    const nonce = t.live.nextNonce(ME);
    // Queued behind a gap: it runs once the gap fills, after the transfer that fills it.
    expect(await t.live.execute(t.signed({ nonce: nonce + 1, to: address, gas: 100_000 }))).toBe('queued');
    const mark = t.live.dev.snapshot();
    const pay = (value: bigint) => t.signed({ nonce, to: watched, value, gas: 21_000 });
    const recorded = async (value: bigint) => {
      await t.live.execute(pay(value));
      await t.live.mineSettled(1);
      const chain = t.live.current.chain;
      const id = chain.accountByHash.get(address)!;
      const stored = storageWrittenAt(factsOf(chain), id, `0x${'0'.repeat(64)}`, chain.headHeight);
      return { stored: BigInt(stored ?? '0x0'), balance: chain.accounts[chain.accountByHash.get(watched)!]!.balance };
    };
    const first = await recorded(1n);
    expect(first.stored).toBe(first.balance);
    expect(t.live.dev.revert(mark)).toBe(true);
    // The same place in the block (counts alike), another ledger: 2 wei sent instead of 1.
    const second = await recorded(2n);
    expect(second.balance).toBe(first.balance + 1n);
    expect(second.stored).toBe(second.balance);
  });

  it('a synchronous mine (handler.mine) runs nothing on the EVM: the waiting creation goes into the block the next settled mine makes, whatever the timing', async () => {
    const t = pooled(false);
    const create = t.signed({ nonce: t.live.nextNonce(ME), to: null, data: creation, gas: t.room() + 1_000 });
    expect(await t.live.execute(create)).toBe('waiting');
    const head = t.live.current.chain.headHeight;
    t.live.mine(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    t.live.mine(1);
    expect(t.minedAt(create.hash)).toBeUndefined();
    await t.live.mineSettled(1);
    expect(t.minedAt(create.hash)?.block).toBe(head + 3);
  });

  it('a snapshot taken right after a mine keeps its place: after mining on and reverting, the next send goes into the block after the snapshot’s head', async () => {
    const t = pooled(true);
    const nonce = t.live.nextNonce(ME);
    // With automine: the send's block is the last happening before the snapshot.
    await t.live.execute(t.signed({ nonce, to: testKey(1).address, value: 1n, gas: 21_000 }));
    const head = t.live.current.chain.headHeight;
    const mark = t.live.dev.snapshot();
    await t.live.mineSettled(3);
    expect(t.live.dev.revert(mark)).toBe(true);
    expect(t.live.current.chain.headHeight).toBe(head);
    const next = t.signed({ nonce: nonce + 1, to: testKey(1).address, value: 1n, gas: 21_000 });
    expect(await t.live.execute(next)).toBe('pending');
    expect(t.minedAt(next.hash)?.block).toBe(head + 1);
  });

  it('a clock cheat code made in a block a read opened (taking a waiting send) replays after evm_revert where it was made', async () => {
    const t = pooled(false);
    const waiting = t.signed({ nonce: t.live.nextNonce(ME), to: testKey(1).address, value: 1n, gas: t.room() + 1_000 });
    expect(await t.live.execute(waiting)).toBe('waiting');
    t.live.mine(1);
    // A read of the mempool opens the next block, which takes the waiting send: nothing is recorded.
    expect(t.live.current.rpc().mempool()?.find(waiting.hash)).toBeDefined();
    t.live.dev.increaseTime(100);
    await t.live.mineSettled(2);
    const mark = t.live.dev.snapshot();
    // Block hashes leave the time out: the blocks' times tell where the clock moved.
    const times = (chain: { blocks: { at(h: number): { timestamp: number } | undefined } }) =>
      [-4, -3, -2, -1].map((h) => chain.blocks.at(h)!.timestamp);
    const first = times(await t.live.mineSettled(1));
    expect(t.live.dev.revert(mark)).toBe(true);
    expect(times(await t.live.mineSettled(1))).toEqual(first);
  });

  it('a send still running when the chain is reset is refused, and is mined nowhere; automine is the one the send came under', async () => {
    const t = pooled(true);
    const head = t.live.current.chain.headHeight;
    const create = t.signed({ nonce: t.live.nextNonce(ME), to: null, data: creation });
    const running = t.live.execute(create);
    t.live.reset();
    await expect(running).rejects.toThrow('the chain was reset while this transaction was being run');
    expect(t.live.current.chain.headHeight).toBe(head);
    expect(t.minedAt(create.hash)).toBeUndefined();
    // Sent under automine, then automine turned off before it ran: mined at once all the same.
    const again = t.live.execute(create);
    t.live.setAutomine(false);
    expect(await again).toBe('pending');
    expect(t.minedAt(create.hash)?.block).toBe(head + 1);
  });

  it('mines nothing for a send that is still waiting: evm_mine waits for the pool’s runs (no block sealed before them)', async () => {
    const t = pooled(false);
    const nonce = t.live.nextNonce(ME);
    const create = t.signed({
      nonce,
      to: null,
      data: creation,
      gas: t.room() + 1_000,
    });
    expect(await t.live.execute(create)).toBe('waiting');
    const head = t.live.current.chain.headHeight;
    // Two mines asked for at once: the second waits for the first, and for the creation's run.
    await Promise.all([t.live.mineSettled(1), t.live.mineSettled(1)]);
    expect(t.minedAt(create.hash)?.block).toBe(head + 2);
  });
});

describe('through the node, as a client sees it', () => {
  it('viem: a deployment and a call that wait for room are mined by anvil_mine in the next block, and every API shows them', async () => {
    const server = await startServer({
      scenario: 'tiny',
      seed: 8,
      cache: false,
      automine: false,
      profile: 'blockscout',
    });
    try {
      const chain = mockChain(server.url, server.chain.chainId);
      const client = publicClientOf(chain, { cacheTime: 0 });
      const wallet = walletClientOf(chain, privateKeyToAccount(KEY));
      const anvil = createTestClient({
        mode: 'anvil',
        chain,
        transport: http(),
      });
      const pending = await client.getBlock({ blockTag: 'pending' });
      const abi = counter.abi as Abi;
      const nonce = await client.getTransactionCount({
        address: account(KEY),
        blockTag: 'pending',
      });
      const deployment = await wallet.deployContract({
        abi,
        bytecode: counter.bytecode,
        gas: pending.gasLimit - pending.gasUsed + 1_000n,
      });
      const address = getContractAddress({
        from: account(KEY),
        nonce: BigInt(nonce),
      });
      const increment = await wallet.writeContract({
        abi,
        address,
        functionName: 'increment',
        gas: 200_000n,
      });
      const head = await client.getBlockNumber();
      await anvil.mine({ blocks: 2 });
      const [deployed, called] = await Promise.all(
        [deployment, increment].map((hash) => client.getTransactionReceipt({ hash })),
      );
      expect(deployed).toMatchObject({
        status: 'success',
        blockNumber: head + 2n,
      });
      expect(deployed!.contractAddress?.toLowerCase()).toBe(address.toLowerCase());
      expect(called).toMatchObject({
        status: 'success',
        blockNumber: head + 2n,
        transactionIndex: deployed!.transactionIndex + 1,
      });
      expect(await client.readContract({ abi, address, functionName: 'count' })).toBe(1n);
      const shown = (await (await fetch(`${server.url}/api/v2/transactions/${increment}`)).json()) as Record<
        string,
        any
      >;
      expect(shown).toMatchObject({
        status: 'ok',
        block_number: Number(head + 2n),
        method: '0xd09de08a',
      });
      const agreement = await agreementViolations((request) =>
        fetch(request.url.replace('http://mock', server.url), request),
      );
      expect(agreement.violations).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
