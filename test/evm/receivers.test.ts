import * as Abi from 'ox/Abi';
import { describe, expect, it } from 'vitest';
import { findScenario } from '../../scenarios/index.js';
import { logsOfTransaction } from '../../src/chain/logs.js';
import { factsOf } from '../../src/domain/facts.js';
import { logEventOf } from '../../src/domain/logs.js';
import { type Artifact, artifact, evmChain } from './harness.js';

const DEV = `0x${'a1'.repeat(32)}` as const;
const scenario = {
  ...findScenario('tiny')!,
  name: 'evm-receivers',
  entities: {
    accounts: [{ name: 'dev', privateKey: DEV, balance: '100 ETH' }],
    tokens: [
      { name: 'Test Pass', symbol: 'PASS', type: 'ERC-721', holders: { dev: [1, 2, 3, 4, 5] } },
      { name: 'Test Items', symbol: 'ITEM', type: 'ERC-1155', holders: { dev: [7, 8, 9, 10] } },
    ],
  },
};

/** The token functions the tests call, one form each. */
const erc721 = {
  abi: Abi.from([
    'function safeTransferFrom(address from, address to, uint256 tokenId)',
    'function transferFrom(address from, address to, uint256 tokenId)',
    'function ownerOf(uint256 tokenId) view returns (address)',
  ]),
} as unknown as Artifact;
const erc1155 = {
  abi: Abi.from([
    'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
    'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
    'function balanceOf(address account, uint256 id) view returns (uint256)',
  ]),
} as unknown as Artifact;
const receiver = artifact('Receiver');
const counter = artifact('Counter');
const MODE = { accept: 0, wrongAnswer: 1, revert: 2 } as const;

describe('a safe transfer of a generated NFT asks a receiver that runs its own code (onERC721Received, onERC1155Received)', () => {
  it('ERC-721: the receiver is called with the operator, the sender and the id, and its answer decides', async () => {
    const t = evmChain({ scenario: scenario as never, seed: 1 });
    const dev = t.chain.handles.dev!.toLowerCase();
    const pass = t.chain.handles.PASS!.toLowerCase();
    const { address: vault } = await t.deploy(DEV, receiver);
    const { address: plain } = await t.deploy(DEV, counter);
    const owner = async (id: bigint) => String((await t.read(erc721, pass, 'ownerOf', [id])).value).toLowerCase();

    const taken = await t.send(DEV, { to: pass, data: t.calldata(erc721, 'safeTransferFrom', [dev, vault, 1n]) });
    expect(taken.transaction).toMatchObject({ status: 'ok', tokenTransferCount: 1 });
    expect(await owner(1n)).toBe(vault);
    expect((await t.read(receiver, vault!, 'received')).value).toBe(1n);
    expect(String((await t.read(receiver, vault!, 'lastOperator')).value).toLowerCase()).toBe(dev);
    expect((await t.read(receiver, vault!, 'lastId')).value).toBe(1n);
    // The hook ran as executed code: its event is in the receipt, its call an internal transaction of the token's.
    const chain = t.live.current.chain;
    const emitters = logsOfTransaction(taken.transaction).map(
      (l) => chain.accounts[logEventOf(factsOf(chain), l).emitterId]!.lower,
    );
    expect(new Set(emitters)).toEqual(new Set([pass, vault]));
    const calls = Array.from(
      { length: taken.transaction.internalCount },
      (_, k) => chain.internalTransactions.at(taken.transaction.internalStart + k)!,
    );
    expect(calls.map((c) => [chain.accounts[c.fromId]!.lower, chain.accounts[c.toId]!.lower, c.type])).toContainEqual([
      pass,
      vault,
      'call',
    ]);

    // Executed code passing it on safely: the token asks the next receiver from inside the call.
    const { address: second } = await t.deploy(DEV, receiver);
    const given = await t.send(DEV, { to: vault!, data: t.calldata(receiver, 'give', [pass, second, 1n]) });
    expect(given.transaction).toMatchObject({ status: 'ok', tokenTransferCount: 1 });
    expect(await owner(1n)).toBe(second);
    expect(String((await t.read(receiver, second!, 'lastOperator')).value).toLowerCase()).toBe(vault);
    const toPlain = await t.send(DEV, { to: second!, data: t.calldata(receiver, 'give', [pass, plain, 1n]) });
    expect(toPlain.transaction).toMatchObject({
      status: 'error',
      revertReason: 'ERC721: transfer to non ERC721Receiver implementer',
    });
    expect(await owner(1n)).toBe(second);

    await t.send(DEV, { to: vault!, data: t.calldata(receiver, 'setMode', [MODE.wrongAnswer]) });
    const wrong = await t.send(DEV, { to: pass, data: t.calldata(erc721, 'safeTransferFrom', [dev, vault, 2n]) });
    expect(wrong.transaction).toMatchObject({
      status: 'error',
      revertReason: 'ERC721: transfer to non ERC721Receiver implementer',
      tokenTransferCount: 0,
    });
    expect(await owner(2n)).toBe(dev);

    await t.send(DEV, { to: vault!, data: t.calldata(receiver, 'setMode', [MODE.revert]) });
    const refused = await t.send(DEV, { to: pass, data: t.calldata(erc721, 'safeTransferFrom', [dev, vault, 2n]) });
    expect(refused.transaction).toMatchObject({
      status: 'error',
      revertReason: 'not taking NFTs',
      tokenTransferCount: 0,
    });
    expect((await t.read(receiver, vault!, 'received')).value).toBe(1n);

    // A contract without the hook refuses a safe transfer; a plain transferFrom asks nobody.
    const noHook = await t.send(DEV, { to: pass, data: t.calldata(erc721, 'safeTransferFrom', [dev, plain, 3n]) });
    expect(noHook.transaction).toMatchObject({
      status: 'error',
      revertReason: 'ERC721: transfer to non ERC721Receiver implementer',
    });
    const unsafe = await t.send(DEV, { to: pass, data: t.calldata(erc721, 'transferFrom', [dev, plain, 3n]) });
    expect(unsafe.transaction.status).toBe('ok');
    expect(await owner(3n)).toBe(plain);

    // eth_call and eth_estimateGas see the same.
    const simulated = await t.read(erc721, pass, 'safeTransferFrom', [dev, plain, 4n], dev);
    expect(simulated.reverted?.reason).toBe('ERC721: transfer to non ERC721Receiver implementer');
  });

  it('ERC-1155: single and batch transfers, an Error(string) passed on, a contract without the hook refused', async () => {
    const t = evmChain({ scenario: scenario as never, seed: 1 });
    const dev = t.chain.handles.dev!.toLowerCase();
    const items = t.chain.handles.ITEM!.toLowerCase();
    const { address: vault } = await t.deploy(DEV, receiver);
    const { address: plain } = await t.deploy(DEV, counter);
    const balance = async (who: string, id: bigint) => (await t.read(erc1155, items, 'balanceOf', [who, id])).value;

    const one = await t.send(DEV, {
      to: items,
      data: t.calldata(erc1155, 'safeTransferFrom', [dev, vault, 7n, 1n, '0x']),
    });
    expect(one.transaction).toMatchObject({ status: 'ok', tokenTransferCount: 1 });
    expect(await balance(vault!, 7n)).toBe(1n);
    const batch = await t.send(DEV, {
      to: items,
      data: t.calldata(erc1155, 'safeBatchTransferFrom', [dev, vault, [8n, 9n], [1n, 1n], '0x']),
    });
    expect(batch.transaction.status).toBe('ok');
    expect((await t.read(receiver, vault!, 'received')).value).toBe(3n);

    const send10 = (to: string) => t.calldata(erc1155, 'safeTransferFrom', [dev, to, 10n, 1n, '0x']);
    const noHook = await t.send(DEV, { to: items, data: send10(plain!) });
    expect(noHook.transaction).toMatchObject({
      status: 'error',
      revertReason: 'ERC1155: transfer to non-ERC1155Receiver implementer',
    });
    await t.send(DEV, { to: vault!, data: t.calldata(receiver, 'setMode', [MODE.wrongAnswer]) });
    const wrong = await t.send(DEV, { to: items, data: send10(vault!) });
    expect(wrong.transaction).toMatchObject({
      status: 'error',
      revertReason: 'ERC1155: ERC1155Receiver rejected tokens',
    });
    await t.send(DEV, { to: vault!, data: t.calldata(receiver, 'setMode', [MODE.revert]) });
    const refused = await t.send(DEV, { to: items, data: send10(vault!) });
    expect(refused.transaction).toMatchObject({
      status: 'error',
      revertReason: 'not taking NFTs',
      tokenTransferCount: 0,
    });
    expect(await balance(dev, 10n)).toBe(1n);
    expect((await t.read(receiver, vault!, 'received')).value).toBe(3n);
  });
});
