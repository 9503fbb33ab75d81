import * as AbiEvent from 'ox/AbiEvent';
import * as AbiFunction from 'ox/AbiFunction';

type Json = Record<string, any>;

export interface AgreementTools {
  readonly get: (path: string) => Promise<Json>;
  readonly rpc: (calls: readonly (readonly [string, readonly unknown[]])[]) => Promise<any[]>;
  readonly same: (what: string, rest: unknown, rpc: unknown) => void;
  readonly out: string[];
}

const USER_OPERATION_EVENT = AbiEvent.from(
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
);
const GET_NONCE = AbiFunction.from('function getNonce(address sender, uint192 key) view returns (uint256 nonce)');
const hex = (n: number | bigint) => `0x${n.toString(16)}`;
const lower = (s: string) => s.toLowerCase();
const hashOf = (ref: unknown) => lower(typeof ref === 'string' ? ref : (ref as { hash: string }).hash);

/**
 * ERC-4337: each operation the account-abstraction proxy lists (at most `limit`) agrees with REST v2
 * and the node. Its bundle is a successful transaction from its bundler to its EntryPoint in its
 * block (REST and the node's receipt); the node's receipt holds its `UserOperationEvent` with its
 * hash, sender, paymaster, nonce, status, fee and gas used; the EntryPoint's `getNonce(sender, key)`
 * by `eth_call` was at most its nonce before its block and past it at its block; its fee is its gas
 * used at min(maxFee, base fee + tip) of the node's block.
 */
export async function userOpAgreement(t: AgreementTools, limit = 40): Promise<void> {
  const { get, rpc, same } = t;
  const list = await get('/api/v2/proxy/account-abstraction/operations?page_size=50');
  for (const item of (list.items as Json[]).slice(0, limit)) {
    const op = await get(`/api/v2/proxy/account-abstraction/operations/${item.hash}`);
    const where = `user operation ${op.hash}`;
    const txHash = op.transaction_hash as string;
    const tx = await get(`/api/v2/transactions/${txHash}`);
    same(`${where}: bundle sender is its bundler`, lower(tx.from.hash), hashOf(op.bundler));
    same(`${where}: bundle goes to its EntryPoint`, lower(tx.to.hash), hashOf(op.entry_point));
    same(`${where}: bundle block`, tx.block_number ?? tx.block, Number(op.block_number));
    const nonce = BigInt(op.nonce);
    const key = nonce >> 64n;
    const height = Number(op.block_number);
    const getNonce = (block: number) =>
      [
        'eth_call',
        [
          {
            to: hashOf(op.entry_point),
            data: AbiFunction.encodeData(GET_NONCE, [hashOf(op.sender) as `0x${string}`, key]),
          },
          hex(block),
        ],
      ] as const;
    const [receipt, block, before, after] = await rpc([
      ['eth_getTransactionReceipt', [txHash]],
      ['eth_getBlockByNumber', [hex(height), false]],
      getNonce(height - 1),
      getNonce(height),
    ]);
    if (!receipt || receipt.error) {
      t.out.push(`${where}: the node has no receipt of ${txHash}`);
      continue;
    }
    same(`${where}: receipt status`, '0x1', receipt.status);
    same(`${where}: receipt block hash`, op.block_hash, receipt.blockHash);
    const topic0 = AbiEvent.getSelector(USER_OPERATION_EVENT);
    const log = (receipt.logs as Json[]).find((l) => l.topics[0] === topic0 && l.topics[1] === lower(op.hash));
    if (!log) {
      t.out.push(`${where}: its bundle's receipt has no UserOperationEvent for it`);
      continue;
    }
    same(`${where}: log emitter`, lower(log.address), hashOf(op.entry_point));
    const decoded = AbiEvent.decode(USER_OPERATION_EVENT, { topics: log.topics, data: log.data }) as Json;
    same(`${where}: sender`, lower(decoded.sender), hashOf(op.sender));
    same(
      `${where}: paymaster`,
      lower(decoded.paymaster),
      op.paymaster === null ? '0x0000000000000000000000000000000000000000' : hashOf(op.paymaster),
    );
    same(`${where}: nonce`, hex(decoded.nonce), hex(nonce));
    same(`${where}: status`, decoded.success, op.status);
    same(`${where}: fee`, String(decoded.actualGasCost), op.fee);
    same(`${where}: gas used`, String(decoded.actualGasUsed), op.gas_used);
    const nonceOf = (r: unknown): bigint | null => {
      try {
        return typeof r === 'string' ? BigInt(AbiFunction.decodeResult(GET_NONCE, r as `0x${string}`)) : null;
      } catch {
        return null;
      }
    };
    const [nonceBefore, nonceAfter] = [nonceOf(before), nonceOf(after)];
    same(
      `${where}: EntryPoint nonce before its block is at most its own`,
      nonceBefore !== null && nonceBefore <= nonce,
      true,
    );
    same(`${where}: EntryPoint nonce at its block is past its own`, nonceAfter !== null && nonceAfter > nonce, true);
    const baseFee = BigInt(block.baseFeePerGas ?? 0);
    const [maxFee, tip] = [BigInt(op.max_fee_per_gas), BigInt(op.max_priority_fee_per_gas)];
    const price = maxFee < baseFee + tip ? maxFee : baseFee + tip;
    same(`${where}: fee is its gas at its price`, op.fee, String(BigInt(op.gas_used) * price));
  }
}
