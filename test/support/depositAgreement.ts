import * as AbiEvent from 'ox/AbiEvent';
import * as AbiFunction from 'ox/AbiFunction';
import * as Hash from 'ox/Hash';
import * as Hex from 'ox/Hex';
import type { AgreementTools } from './userOpAgreement.js';

type Json = Record<string, any>;

const DEPOSIT_CONTRACT = '0x00000000219ab540356cbb839cbe05303d7705fa';
const DEPOSIT_EVENT = AbiEvent.from(
  'event DepositEvent(bytes pubkey, bytes withdrawal_credentials, bytes amount, bytes signature, bytes index)',
);
const GET_DEPOSIT_COUNT = AbiFunction.from('function get_deposit_count() view returns (bytes)');
const GET_DEPOSIT_ROOT = AbiFunction.from('function get_deposit_root() view returns (bytes32)');
/** A uint64 of eight little-endian bytes. */
const le64 = (bytes: string): bigint => BigInt(`0x${(bytes.slice(2).match(/../g) ?? []).reverse().join('')}`);
const hex = (n: number | bigint) => `0x${n.toString(16)}`;
const lower = (s: string) => s.toLowerCase();
const sha = (...parts: string[]) => Hash.sha256(Hex.concat(...(parts as `0x${string}`[])));
const zeros = (n: number) => `0x${'00'.repeat(n)}`;
const toLe64 = (n: bigint) => `0x${n.toString(16).padStart(16, '0').match(/../g)!.reverse().join('')}`;

/** A deposit's data root, as the contract checks it, from what REST says of it. */
const dataRoot = (d: Json) =>
  sha(
    sha(sha(d.pubkey, zeros(16)), d.withdrawal_credentials),
    sha(
      toLe64(BigInt(d.amount) / 1_000_000_000n),
      zeros(24),
      sha(sha(Hex.slice(d.signature, 0, 64)), sha(Hex.slice(d.signature, 64), zeros(32))),
    ),
  );

/** The deposit tree's root over these leaves, level by level (SSZ's list root, with the count mixed in). */
function treeRoot(leaves: string[]): string {
  let level = leaves;
  let zero = zeros(32);
  for (let h = 0; h < 32; h++) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(sha(level[i]!, level[i + 1] ?? zero));
    level = next;
    zero = sha(zero, zero);
  }
  return sha(level[0] ?? zero, toLe64(BigInt(leaves.length)), zeros(24));
}

/**
 * Beacon deposits (EIP-6110): the REST list (every page, index descending) states what the deposit
 * contract's `DepositEvent` logs say, as the node's `eth_getLogs` and the Etherscan-compatible
 * `getLogs` return them: one log a deposit, in index order; each deposit's transaction, block,
 * pubkey, credentials, amount (gwei in the log, wei in REST), signature and index; its sender the
 * node's transaction's `from`; the count the logs' number. The two log APIs agree on every log
 * (transaction, block, log index, data). The contract's `get_deposit_count` and `get_deposit_root` by
 * `eth_call` are the count and the Merkle root of the deposits REST lists (before the last
 * deposit's block, the count of those before it).
 */
export async function depositAgreement(t: AgreementTools, items: (path: string) => Promise<Json[]>): Promise<void> {
  const { get, rpc, same } = t;
  const deposits = (await items('/api/v2/beacon/deposits')).reverse();
  const count = (await get('/api/v2/beacon/deposits/count')).deposits_count as number;
  const topic0 = AbiEvent.getSelector(DEPOSIT_EVENT);
  const [logs] = (await rpc([
    ['eth_getLogs', [{ address: DEPOSIT_CONTRACT, topics: [topic0], fromBlock: '0x0', toBlock: 'latest' }]],
  ])) as Json[][];
  if (!Array.isArray(logs)) {
    t.out.push(`deposits: eth_getLogs answered ${JSON.stringify(logs)}`);
    return;
  }
  same('deposits: count', count, logs.length);
  same('deposits: listed', deposits.length, logs.length);
  const senders = await rpc(deposits.map((d) => ['eth_getTransactionByHash', [d.transaction_hash]] as const));
  deposits.forEach((d, k) => {
    const log = logs[k];
    const where = `deposit ${d.index}`;
    if (!log) return;
    const args = AbiEvent.decode(DEPOSIT_EVENT, { topics: log.topics, data: log.data }) as Json;
    same(`${where}: index`, d.index, Number(le64(args.index)));
    same(`${where}: transaction`, d.transaction_hash, log.transactionHash);
    same(`${where}: block`, [d.block_hash, hex(d.block_number)], [log.blockHash, log.blockNumber]);
    same(`${where}: pubkey`, d.pubkey, lower(args.pubkey));
    same(`${where}: withdrawal credentials`, d.withdrawal_credentials, lower(args.withdrawal_credentials));
    same(`${where}: amount`, d.amount, String(le64(args.amount) * 1_000_000_000n));
    same(`${where}: signature`, d.signature, lower(args.signature));
    same(`${where}: sender`, lower(d.from_address.hash), lower(senders[k]?.from ?? ''));
  });
  // The contract's views by eth_call: its count and root at the head, and its count before the last deposit's block.
  const last = deposits[deposits.length - 1];
  const call = (fn: AbiFunction.AbiFunction, block: string) =>
    ['eth_call', [{ to: DEPOSIT_CONTRACT, data: AbiFunction.encodeData(fn) }, block]] as const;
  const [countNow, rootNow, countBefore] = await rpc([
    call(GET_DEPOSIT_COUNT, 'latest'),
    call(GET_DEPOSIT_ROOT, 'latest'),
    call(GET_DEPOSIT_COUNT, hex(last ? last.block_number - 1 : 0)),
  ]);
  if (logs.length > 0) {
    /** A view's result decoded, or what it was when it does not decode (an error answer, bytes of another shape). */
    const decode = (fn: AbiFunction.AbiFunction, r: unknown): string => {
      try {
        return typeof r === 'string' ? (AbiFunction.decodeResult(fn, r as `0x${string}`) as string) : JSON.stringify(r);
      } catch {
        return `undecodable ${JSON.stringify(r)}`;
      }
    };
    const le = (bytes: string) =>
      bytes.startsWith('undecodable') || bytes.length !== 18 ? bytes : String(le64(bytes));
    same('deposits: get_deposit_count', le(decode(GET_DEPOSIT_COUNT, countNow)), String(count));
    same('deposits: get_deposit_root', decode(GET_DEPOSIT_ROOT, rootNow), treeRoot(deposits.map(dataRoot)));
    same(
      'deposits: get_deposit_count before the last deposit’s block',
      le(decode(GET_DEPOSIT_COUNT, countBefore)),
      String(deposits.filter((d) => d.block_number < last!.block_number).length),
    );
  }
  const etherscan = await get(
    `/api?module=logs&action=getLogs&address=${DEPOSIT_CONTRACT}&topic0=${topic0}&fromBlock=0&toBlock=latest`,
  );
  const listed = (Array.isArray(etherscan.result) ? etherscan.result : []) as Json[];
  same('deposits: Etherscan getLogs count', listed.length, logs.length);
  listed.forEach((l, k) => {
    const log = logs[k];
    if (!log) return;
    same(
      `deposit log ${k}: Etherscan getLogs = eth_getLogs`,
      [l.transactionHash, l.blockNumber, l.logIndex, l.data, l.topics[0]],
      [log.transactionHash, log.blockNumber, log.logIndex, log.data, log.topics[0]],
    );
  });
}
