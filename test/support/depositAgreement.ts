import * as AbiEvent from 'ox/AbiEvent';
import type { AgreementTools } from './userOpAgreement.js';

type Json = Record<string, any>;

const DEPOSIT_CONTRACT = '0x00000000219ab540356cbb839cbe05303d7705fa';
const DEPOSIT_EVENT = AbiEvent.from(
  'event DepositEvent(bytes pubkey, bytes withdrawal_credentials, bytes amount, bytes signature, bytes index)',
);
/** A uint64 of eight little-endian bytes. */
const le64 = (bytes: string): bigint => BigInt(`0x${(bytes.slice(2).match(/../g) ?? []).reverse().join('')}`);
const hex = (n: number | bigint) => `0x${n.toString(16)}`;
const lower = (s: string) => s.toLowerCase();

/**
 * Beacon deposits (EIP-6110): the REST list (every page, index descending) states what the deposit
 * contract's `DepositEvent` logs say, as the node's `eth_getLogs` and the Etherscan-compatible
 * `getLogs` return them: one log a deposit, in index order; each deposit's transaction, block,
 * pubkey, credentials, amount (gwei in the log, wei in REST), signature and index; its sender the
 * node's transaction's `from`; the count the logs' number. The two log APIs agree on every log
 * (transaction, block, log index, data).
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
