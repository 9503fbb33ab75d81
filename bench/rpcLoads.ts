import type { Chain } from '../src/chain/types.js';

/** A JSON-RPC load: the body the hot load repeats, and the bodies a walk cycles through. */
export interface RpcLoad {
  readonly name: string;
  readonly hot: string;
  readonly walk: readonly string[];
}

const body = (method: string, params: unknown[]) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
const hex = (n: number) => `0x${n.toString(16)}`;
/** `balanceOf(holder)` call data. */
const balanceOf = (holder: string) => `0x70a08231${holder.slice(2).toLowerCase().padStart(64, '0')}`;

/** The node's benchmark loads on a chain: the block number, blocks, an ERC-20 balanceOf. */
export function rpcLoads(chain: Chain): RpcLoad[] {
  const token = chain.handles.erc20Token!;
  const tokenId = chain.accountByHash.get(token.toLowerCase())!;
  const holders = chain.accounts
    .filter((a) => chain.indexes.at(a.id)!.holdings.some((h) => h.tokenId === tokenId))
    .map((a) => a.hash);
  const call = (holder: string, block = 'latest') => body('eth_call', [{ to: token, data: balanceOf(holder) }, block]);
  const heights = Array.from({ length: Math.min(400, chain.headHeight) }, (_, k) => chain.headHeight - k);
  return [
    { name: 'eth_blockNumber', hot: body('eth_blockNumber', []), walk: [] },
    {
      name: 'eth_getBlockByNumber',
      hot: body('eth_getBlockByNumber', ['latest', false]),
      walk: heights.map((h) => body('eth_getBlockByNumber', [hex(h), false])),
    },
    {
      name: 'eth_call balanceOf',
      hot: call(holders[0]!),
      walk: holders.slice(0, 400).map((h, k) => call(h, hex(chain.headHeight - (k % 50)))),
    },
  ];
}

/**
 * Batches of 100 reads, each batch different (balances at blocks, receipts, blocks, balanceOf
 * calls): what a dApp's batching client sends when a page opens.
 */
export function rpcBatches(chain: Chain, count: number): string[] {
  const token = chain.handles.erc20Token!;
  const n = chain.transactions.length;
  return Array.from({ length: count }, (_, b) =>
    JSON.stringify(
      Array.from({ length: 100 }, (_, k) => {
        const i = b * 100 + k;
        const account = chain.accounts[(i * 7919) % chain.accounts.length]!.hash;
        const height = chain.headHeight - (i % chain.headHeight);
        const [method, params] = [
          ['eth_getBalance', [account, hex(height)]],
          ['eth_getTransactionReceipt', [chain.transactions.at((i * 104_729) % n)!.hash]],
          ['eth_getBlockByNumber', [hex(height), false]],
          ['eth_call', [{ to: token, data: balanceOf(account) }, hex(height)]],
        ][k % 4]! as [string, unknown[]];
        return { jsonrpc: '2.0', id: k, method, params };
      }),
    ),
  );
}
