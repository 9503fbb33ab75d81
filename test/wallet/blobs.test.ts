import { JsonRpcProvider } from 'ethers';
import { createPublicClient, http, type Chain as ViemChain } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueBlob } from '../../src/protocol/blobData.js';
import { blobBaseFee, GAS_PER_BLOB, nextExcessBlobGas, PRAGUE_BLOBS } from '../../src/protocol/blobGas.js';
import { type RunningServer, startServer } from '../../src/startServer.js';
import { KEY0, mockChain } from './support.js';

type Json = Record<string, any>;
const alice = privateKeyToAccount(KEY0);

describe('EIP-4844 blob transactions through viem and ethers', () => {
  let server: RunningServer;
  let get: (path: string) => Promise<Json>;
  let rpc: (method: string, params?: unknown[]) => Promise<Json>;
  let handles: Record<string, string>;
  let chain: ViemChain;
  beforeAll(async () => {
    server = await startServer({ scenario: 'tiny', seed: 1, cache: false, profile: 'blockscout' });
    get = async (path) => (await fetch(`${server.url}${path}`)).json() as Promise<Json>;
    rpc = async (method, params = []) =>
      (await fetch(`${server.url}/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      }).then((r) => r.json())) as Json;
    const scenario = await get('/__mock/scenario');
    handles = Object.fromEntries((scenario.handles as Json[]).map((h) => [h.name, h.value]));
    chain = mockChain(server.url, scenario.node.chainId);
  });
  afterAll(() => server.close());

  it('reads a generated blob transaction, its receipt and block: viem and ethers parse them, REST agrees', async () => {
    const client = createPublicClient({ chain, transport: http() });
    const hash = handles.blobTransaction as `0x${string}`;
    const tx = await client.getTransaction({ hash });
    expect(tx.type).toBe('eip4844');
    expect(tx.blobVersionedHashes).toHaveLength(6);
    const receipt = await client.getTransactionReceipt({ hash });
    expect(receipt.blobGasUsed).toBe(6n * BigInt(GAS_PER_BLOB));
    const block = await client.getBlock({ blockNumber: tx.blockNumber! });
    expect(block.blobGasUsed).toBeGreaterThanOrEqual(receipt.blobGasUsed!);
    expect(receipt.blobGasPrice).toBe(blobBaseFee(Number(block.excessBlobGas), PRAGUE_BLOBS));
    expect(tx.maxFeePerBlobGas!).toBeGreaterThanOrEqual(receipt.blobGasPrice!);

    const rest = await get(`/api/v2/transactions/${hash}`);
    expect(rest).toMatchObject({
      type: 3,
      blob_versioned_hashes: tx.blobVersionedHashes,
      max_fee_per_blob_gas: String(tx.maxFeePerBlobGas),
      blob_gas_used: String(receipt.blobGasUsed),
      blob_gas_price: String(receipt.blobGasPrice),
      burnt_blob_fee: String(receipt.blobGasUsed! * receipt.blobGasPrice!),
    });
    expect(rest.transaction_types).toContain('blob_transaction');
    const blobs = await get(`/api/v2/transactions/${hash}/blobs`);
    expect(blobs.items.map((b: Json) => b.hash)).toEqual(tx.blobVersionedHashes);
    expect(blobs.items[0].blob_data).toHaveLength(2 + 2 * 131_072);
    const one = await get(`/api/v2/blobs/${tx.blobVersionedHashes![0]}`);
    expect(one.transaction_hashes).toEqual([{ block_consensus: true, transaction_hash: hash }]);
    expect(one.kzg_commitment).toMatch(/^0x[0-9a-f]{96}$/);
    const restBlock = await get(`/api/v2/blocks/${tx.blockNumber}`);
    expect(restBlock).toMatchObject({
      blob_gas_used: String(block.blobGasUsed),
      excess_blob_gas: String(block.excessBlobGas),
      blob_gas_price: String(receipt.blobGasPrice),
    });
    const listed = await get('/api/v2/transactions?type=blob_transaction');
    expect(listed.items.every((t: Json) => t.type === 3)).toBe(true);
    expect(listed.items.map((t: Json) => t.hash)).toContain(hash);
    const tab = await get(`/api/v2/blocks/${tx.blockNumber}/transactions?type=blob_transaction`);
    expect(tab.items.map((t: Json) => t.hash)).toContain(hash);
    expect(restBlock.blob_transactions_count).toBe(tab.items.length);

    const provider = new JsonRpcProvider(`${server.url}/rpc`, chain.id, { staticNetwork: true });
    const read = await provider.getTransaction(hash);
    expect(read?.type).toBe(3);
    expect(read?.blobVersionedHashes).toEqual(tx.blobVersionedHashes);
    expect(read?.maxFeePerBlobGas).toBe(tx.maxFeePerBlobGas);
    const readReceipt = await provider.getTransactionReceipt(hash);
    expect(readReceipt?.blobGasUsed).toBe(receipt.blobGasUsed);
    provider.destroy();
  });

  it('answers the blob base fee and its history by the rule, from the headers', async () => {
    const client = createPublicClient({ chain, transport: http() });
    const head = await client.getBlock();
    const next = blobBaseFee(
      nextExcessBlobGas(
        { blobGasUsed: Number(head.blobGasUsed), excessBlobGas: Number(head.excessBlobGas) },
        PRAGUE_BLOBS,
      ),
      PRAGUE_BLOBS,
    );
    expect(await client.getBlobBaseFee()).toBe(next);
    const history = (await rpc('eth_feeHistory', ['0x4', 'latest', []])).result as Json;
    expect(history.baseFeePerBlobGas).toHaveLength(5);
    expect(BigInt(history.baseFeePerBlobGas[4])).toBe(next);
    expect(BigInt(history.baseFeePerBlobGas[3])).toBe(blobBaseFee(Number(head.excessBlobGas), PRAGUE_BLOBS));
    expect(history.blobGasUsedRatio[3]).toBe(Number(head.blobGasUsed) / (9 * GAS_PER_BLOB));
  });

  it('refuses a blob transaction sent without its sidecar, in geth’s words', async () => {
    const versioned = [catalogueBlob(0).versionedHash];
    const raw = await alice.signTransaction({
      chainId: chain.id,
      type: 'eip4844',
      to: alice.address,
      nonce: 0,
      gas: 21_000n,
      maxFeePerGas: 100_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      maxFeePerBlobGas: 10_000_000_000n,
      blobVersionedHashes: versioned,
    });
    const answer = await rpc('eth_sendRawTransaction', [raw]);
    expect(answer.error?.message).toBe('missing sidecar in blob transaction');
  });
});
