import * as Hash from 'ox/Hash';
import * as Hex from 'ox/Hex';
import type { Chain, Hex as HexString } from '../../src/chain/types.js';

/** A uint64 of eight little-endian bytes, read here apart from the protocol module. */
const le64 = (bytes: HexString): bigint => BigInt(`0x${(bytes.slice(2).match(/../g) ?? []).reverse().join('')}`);
const sha = (...parts: HexString[]) => Hash.sha256(Hex.concat(...parts)) as HexString;
const zeros = (n: number) => `0x${'00'.repeat(n)}` as HexString;

/**
 * The deposit contract's laws (EIP-6110), by a replay of its `DepositEvent` logs in chain order:
 * indexes consecutive from 0; pubkey 48 bytes, credentials 32, signature 96; each call's
 * `deposit_data_root` the SSZ root of what its log says; the amounts a transaction logs (gwei) its
 * value; no log outside a successful call; the contract's balance the sum of every deposit.
 */
export function depositViolations(chain: Chain, fail: (message: string) => void): void {
  for (let id = 0; id < chain.accounts.length; id++) {
    const contract = chain.accounts[id]!;
    if (contract.contract?.kind !== 'deposit-contract') continue;
    let next = 0n;
    let total = 0n;
    const loggedByTransaction = new Map<number, bigint>();
    for (const ref of chain.indexes.at(id)!.logs) {
      if (ref < 0) continue;
      const event = chain.events.at(ref)!;
      if (event.name !== 'DepositEvent') continue;
      const [pubkey, credentials, amount, signature, index] = event.args as HexString[];
      const where = `deposit log ${event.block}:${event.index}`;
      if (le64(index!) !== next) fail(`${where} has index ${le64(index!)}, expected ${next} (consecutive from 0)`);
      next = le64(index!) + 1n;
      if (pubkey!.length !== 2 + 96 || credentials!.length !== 2 + 64 || signature!.length !== 2 + 192)
        fail(`${where} has a pubkey, credentials or signature of the wrong length`);
      if (amount!.length !== 2 + 16) fail(`${where} amount is not eight bytes`);
      const tx = chain.transactions.at(event.transaction)!;
      if (tx.status !== 'ok') fail(`${where} is in a failed transaction`);
      const gwei = le64(amount!);
      total += gwei * 1_000_000_000n;
      loggedByTransaction.set(event.transaction, (loggedByTransaction.get(event.transaction) ?? 0n) + gwei);
      if (tx.call?.functionName === 'deposit') {
        const root = sha(
          sha(sha(pubkey!, zeros(16)), credentials!),
          sha(amount!, zeros(24), sha(sha(Hex.slice(signature!, 0, 64)), sha(Hex.slice(signature!, 64), zeros(32)))),
        );
        if (tx.call.args[3] !== root) fail(`${where}: its call's deposit_data_root is not the root of what it logs`);
      }
    }
    for (const [t, gwei] of loggedByTransaction) {
      const tx = chain.transactions.at(t)!;
      if (tx.toId === id && tx.value !== gwei * 1_000_000_000n)
        fail(`transaction ${tx.hash} sends ${tx.value} wei and logs deposits of ${gwei} gwei`);
    }
    if (contract.balance !== contract.genesisBalance + total)
      fail(`the deposit contract holds ${contract.balance} wei, its deposits sum to ${total}`);
  }
}
