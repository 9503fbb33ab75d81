import * as UserOperation from 'ox/erc4337/UserOperation';
import type { Chain, ContractEvent, Hex } from '../../src/chain/types.js';

const VERSIONS: Partial<Record<string, '0.6' | '0.7'>> = { 'entry-point-v06': '0.6', 'entry-point-v07': '0.7' };
const SEQUENCE_MASK = (1n << 64n) - 1n;

/**
 * ERC-4337's laws, checked by a replay of every bundle (`handleOps` on an EntryPoint) independent of
 * the domain: each operation reported by one `UserOperationEvent` in bundle order, with its sender,
 * nonce and the hash the EntryPoint computes; each (EntryPoint, sender, key)'s sequence 0, 1, 2…
 * (a nonce is key << 64 | sequence); `AccountDeployed` exactly for the operations with initCode,
 * whose sender the factory named there creates in that transaction; a failed operation's revert
 * reported; each `actualGasCost` its gas used at the operation's price (min(maxFee, base fee + tip));
 * the bundler paid their sum by the EntryPoint; each EntryPoint's balance its deposits' sum.
 */
export function userOpViolations(chain: Chain, fail: (message: string) => void): void {
  const chainId = chain.chainId;
  const next = new Map<string, bigint>();
  const idOf = (hash: string) => chain.accountByHash.get(hash.toLowerCase());
  for (let t = 0; t < chain.transactions.length; t++) {
    const tx = chain.transactions.at(t)!;
    const kind = chain.accounts[tx.toId]?.contract?.kind;
    const version = kind ? VERSIONS[kind] : undefined;
    if (!version || tx.status !== 'ok' || tx.call?.functionName !== 'handleOps') continue;
    const entryPoint = chain.accounts[tx.toId]!.hash;
    const ops = tx.call.args[0] as readonly Record<string, unknown>[];
    const events: ContractEvent[] = [];
    for (let e = tx.eventStart; e < tx.eventStart + tx.eventCount; e++) events.push(chain.events.at(e)!);
    const reported = events.filter((e) => e.name === 'UserOperationEvent');
    if (reported.length !== ops.length)
      fail(`bundle ${tx.hash} reports ${reported.length} of its ${ops.length} operations`);
    const baseFee = chain.blocks.at(tx.block)!.baseFeePerGas;
    let owed = 0n;
    ops.forEach((op, k) => {
      const event = reported[k];
      if (!event) return;
      const [hash, sender, , nonce, success, cost, used] = event.args as [
        Hex,
        Hex,
        Hex,
        bigint,
        boolean,
        bigint,
        bigint,
      ];
      const where = `operation ${k} of ${tx.hash}`;
      if ((op.sender as string).toLowerCase() !== sender.toLowerCase()) fail(`${where} is reported for another sender`);
      if (op.nonce !== nonce) fail(`${where} is reported with nonce ${nonce}, not ${op.nonce}`);
      const unpacked = version === '0.6' ? op : UserOperation.fromPacked(op as never);
      const expected = UserOperation.hash(unpacked as never, {
        chainId,
        entryPointAddress: entryPoint,
        entryPointVersion: version,
      });
      if (expected !== hash) fail(`${where} has hash ${hash}, the EntryPoint's is ${expected}`);
      const key = `${entryPoint}:${(op.sender as string).toLowerCase()}:${(op.nonce as bigint) >> 64n}`;
      const sequence = (op.nonce as bigint) & SEQUENCE_MASK;
      const want = next.get(key) ?? 0n;
      if (sequence !== want) fail(`${where}: nonce sequence ${sequence} of its key, not ${want}`);
      next.set(key, sequence + 1n);
      const initCode = (version === '0.6' ? op.initCode : (op as { initCode: Hex }).initCode) as Hex;
      const deployed = events.find((e) => e.name === 'AccountDeployed' && e.args[0] === hash);
      if ((initCode !== '0x') !== (deployed !== undefined)) fail(`${where}: initCode and AccountDeployed disagree`);
      if (deployed) {
        const senderId = idOf(sender);
        const account = senderId === undefined ? undefined : chain.accounts[senderId];
        const factoryId = idOf(`0x${initCode.slice(2, 42)}`);
        if (account?.contract?.creationTransaction !== t || account.contract.creatorId !== factoryId)
          fail(`${where}: its sender was not created by its factory in this transaction`);
      }
      const reverted = events.some((e) => e.name === 'UserOperationRevertReason' && e.args[0] === hash);
      if (reverted === success) fail(`${where}: success ${success} but ${reverted ? 'a' : 'no'} revert reason`);
      const [maxFee, tip] =
        version === '0.6'
          ? [op.maxFeePerGas as bigint, op.maxPriorityFeePerGas as bigint]
          : [BigInt(`0x${(op.gasFees as string).slice(34)}`), BigInt(`0x${(op.gasFees as string).slice(2, 34)}`)];
      const price = maxFee < baseFee + tip ? maxFee : baseFee + tip;
      if (cost !== used * price) fail(`${where}: actualGasCost ${cost} is not ${used} gas at ${price}`);
      owed += cost;
    });
    const beneficiary = idOf(tx.call.args[1] as string);
    let paid = 0n;
    for (let i = tx.internalStart; i < tx.internalStart + tx.internalCount; i++) {
      const internal = chain.internalTransactions.at(i)!;
      if (internal.fromId === tx.toId && internal.toId === beneficiary && internal.success) paid += internal.value;
    }
    if (paid !== owed) fail(`bundle ${tx.hash} pays its beneficiary ${paid}, its operations paid ${owed}`);
  }

  // Each EntryPoint holds exactly its deposits: as Deposited last set each, less what its operations cost since.
  const deposits = new Map<number, Map<string, bigint>>();
  for (let e = 0; e < chain.events.length; e++) {
    const event = chain.events.at(e)!;
    if (!VERSIONS[event.contractKind]) continue;
    const book = deposits.get(event.emitterId) ?? new Map<string, bigint>();
    deposits.set(event.emitterId, book);
    const a = event.args as unknown[];
    if (event.name === 'Deposited') book.set(String(a[0]).toLowerCase(), a[1] as bigint);
    if (event.name === 'UserOperationEvent') {
      const payer = String(BigInt(a[2] as string) === 0n ? a[1] : a[2]).toLowerCase();
      book.set(payer, (book.get(payer) ?? 0n) - (a[5] as bigint));
    }
  }
  for (const [id, book] of deposits) {
    const held = [...book.values()].reduce((sum, d) => sum + d, 0n);
    if (held < 0n || [...book.values()].some((d) => d < 0n))
      fail(`EntryPoint ${chain.accounts[id]!.hash} owes a deposit below zero`);
    if (chain.accounts[id]!.balance !== held)
      fail(`EntryPoint ${chain.accounts[id]!.hash} holds ${chain.accounts[id]!.balance}, its deposits are ${held}`);
  }
}
