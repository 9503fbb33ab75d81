import { nextBaseFee } from '../../src/protocol/chainSpec.js';
import { effectiveGasPrice } from '../../src/protocol/transactionType.js';
import { transactionType } from '../../src/protocol/transactionTypes.js';
import { compareCollectionKeys, compareHoldingKeys } from '../../src/chain/order.js';
import { abiOf } from '../../generators/contracts/abiOf.js';
import { customAbiOf } from '../../src/domain/customAbi.js';
import { codeAt } from '../../src/domain/contracts.js';
import { nonceAt } from '../../src/domain/accounts.js';
import { factsOf } from '../../src/domain/facts.js';
import { logIndexOf, logsOfTransaction, logTransactionOf } from '../../src/chain/logs.js';
import { userOpViolations } from './userOpLaws.js';
import { rowsOf } from '../../src/chain/table.js';
import { type Chain, NONE } from '../../src/chain/types.js';
import { blobViolations } from './blobLaws.js';
import { depositViolations } from './depositLaws.js';

/**
 * Every invariant of a chain, checked against the chain's entities by an independent replay.
 * Returns the violations found (empty when the chain is coherent), at most `limit` of them.
 * Written once, run over every chain the tests build.
 */
export function chainViolations(chain: Chain, limit = 20): string[] {
  const problems: string[] = [];
  const fail = (message: string) => {
    if (problems.length < limit) problems.push(message);
  };
  // The laws read the chain's tables as arrays (a loaded snapshot's tables decode every row here).
  const { accounts } = chain;
  const [blocks, txs, tokenTransfers, internals, withdrawals, uncles, reorgs, indexes] = [
    rowsOf(chain.blocks),
    rowsOf(chain.transactions),
    rowsOf(chain.tokenTransfers),
    rowsOf(chain.internalTransactions),
    rowsOf(chain.withdrawals),
    rowsOf(chain.uncles),
    rowsOf(chain.reorgs),
    rowsOf(chain.indexes),
  ];

  // Blocks: consecutive heights, hash links, gas and fee sums, the EIP-1559 rule.
  const seenHashes = new Set<string>();
  for (const block of [...blocks, ...uncles, ...reorgs]) {
    if (!/^0x[0-9a-f]{64}$/.test(block.hash)) fail(`block ${block.height} hash ${block.hash} is malformed`);
    if (seenHashes.has(block.hash)) fail(`block hash ${block.hash} appears twice`);
    seenHashes.add(block.hash);
  }
  const clockEdits = new Set([...chain.stateEdits].filter((e) => e.kind === 'clock').map((e) => e.block));
  blocks.forEach((block, h) => {
    if (block.height !== h) fail(`blocks[${h}] has height ${block.height}`);
    if (h === 0) return;
    const parent = blocks[h - 1]!;
    if (block.parentHash !== parent.hash) fail(`block ${h} parent_hash is not block ${h - 1}'s hash`);
    // A client may set a block's time (a dev node's clock controls): later than its parent's, the slots' pace from there.
    const clockSet = clockEdits.has(h);
    if (block.timestamp <= parent.timestamp || (!clockSet && (block.timestamp - parent.timestamp) % 12 !== 0))
      fail(`block ${h} timestamp is not a later 12-second slot`);
    if (block.baseFeePerGas !== nextBaseFee(parent))
      fail(`block ${h} base fee ${block.baseFeePerGas} does not follow EIP-1559 from its parent`);
    const own = txs.slice(block.transactionStart, block.transactionStart + block.transactionCount);
    const gas = own.reduce((sum, t) => sum + t.gasUsed, 0);
    if (gas !== block.gasUsed) fail(`block ${h} gas_used ${block.gasUsed} != sum of its transactions' ${gas}`);
    if (block.gasUsed > block.gasLimit) fail(`block ${h} uses more gas than its limit`);
    const fees = own.reduce((sum, t) => sum + BigInt(t.gasUsed) * t.gasPrice, 0n);
    if (fees !== block.transactionFees) fail(`block ${h} transaction_fees != sum of fees`);
    const tips = own.reduce((sum, t) => sum + BigInt(t.gasUsed) * (t.gasPrice - block.baseFeePerGas), 0n);
    if (tips !== block.priorityFee) fail(`block ${h} priority_fee != sum of priority fees`);
    own.forEach((t, i) => {
      if (t.block !== h || t.position !== i)
        fail(`transaction ${t.hash} claims block ${t.block} position ${t.position}, is at ${h}:${i}`);
    });
    const logs = tokenTransfers.filter((tt) => tt.block === h).map((tt) => tt.logIndex);
    if (logs.some((l, i) => i > 0 && l <= logs[i - 1]!))
      fail(`block ${h} token transfer log indexes are not increasing`);
    const ws = withdrawals.slice(block.withdrawalStart, block.withdrawalStart + block.withdrawalCount);
    if (ws.some((w) => w.block !== h)) fail(`block ${h} holds withdrawals of another block`);
  });
  for (const side of [...uncles, ...reorgs]) {
    const parent = blocks[side.height - 1];
    if (!parent || side.parentHash !== parent.hash)
      fail(`${side.type} ${side.hash} does not sit on the consensus block below it`);
    if (side.transactionCount !== 0 || side.gasUsed !== 0) fail(`${side.type} ${side.hash} claims transactions`);
  }
  for (const uncle of uncles) {
    const nephew = blocks[uncle.height + 1];
    if (!nephew?.unclesHashes.includes(uncle.hash)) fail(`uncle ${uncle.hash} is not named by the next block`);
  }
  if (blocks.reduce((n, b) => n + b.transactionCount, 0) !== txs.length)
    fail('blocks do not hold every transaction exactly once');
  withdrawals.forEach((w, i) => {
    if (w.index !== i) fail(`withdrawal ${i} has index ${w.index}`);
  });

  // Transactions: fee arithmetic, gas, nonces (a sender's, then its authorizations' in list order, EIP-7702).
  const nonces = new Map<number, number>();
  const authorizations = rowsOf(chain.authorizations);
  const authorizationsByTx = new Map<number, typeof authorizations>();
  authorizations.forEach((a, i) => {
    if (i > 0) {
      const prev = authorizations[i - 1]!;
      if (prev.transaction > a.transaction || (prev.transaction === a.transaction && prev.index + 1 !== a.index))
        fail(`authorization ${i} is out of chain order`);
    }
    if (txs[a.transaction]?.block !== a.block) fail(`authorization ${i} is not in its transaction's block`);
    authorizationsByTx.set(a.transaction, [...(authorizationsByTx.get(a.transaction) ?? []), a]);
  });
  const delegation = new Map<number, number>();
  txs.forEach((t, i) => {
    const own = authorizationsByTx.get(i) ?? [];
    if (transactionType(t.type).setsCode !== own.length > 0)
      fail(`${transactionType(t.type).title} transaction ${t.hash} has ${own.length} authorizations`);
    if (own[0] && own[0].index !== 0) fail(`transaction ${t.hash} authorizations do not start at 0`);
  });
  txs.forEach((t, i) => {
    const base = blocks[t.block]!.baseFeePerGas;
    if (t.gasUsed > t.gasLimit) fail(`transaction ${t.hash} uses more gas than its limit`);
    if (t.gasPrice < base) fail(`transaction ${t.hash} pays less than the base fee`);
    if (transactionType(t.type).feeMarket) {
      if (t.gasPrice !== effectiveGasPrice(base, t.maxFeePerGas!, t.maxPriorityFeePerGas!))
        fail(`transaction ${t.hash} gas price is not min(max fee, base fee + tip)`);
      const problem = transactionType(t.type).fieldProblem({
        maxFeePerGas: t.maxFeePerGas!,
        maxPriorityFeePerGas: t.maxPriorityFeePerGas!,
      });
      if (problem) fail(`transaction ${t.hash}: ${problem}`);
    } else if (t.maxFeePerGas !== null || t.maxPriorityFeePerGas !== null)
      fail(`${transactionType(t.type).title} transaction ${t.hash} has EIP-1559 fields`);
    const expected = nonces.get(t.fromId) ?? 0;
    if (t.nonce !== expected) fail(`transaction ${t.hash} nonce ${t.nonce}, expected ${expected}`);
    nonces.set(t.fromId, expected + 1);
    for (const a of authorizationsByTx.get(i) ?? []) {
      const next = nonces.get(a.authorityId) ?? 0;
      const status =
        a.chainId !== 0 && a.chainId !== chain.chainId
          ? 'invalid_chain_id'
          : a.nonce >= 2n ** 64n - 1n
            ? 'invalid_nonce'
            : a.authorityId === NONE
              ? 'invalid_signature'
              : a.nonce === BigInt(next)
                ? 'ok'
                : 'invalid_nonce';
      if (a.status !== status)
        fail(`authorization ${a.index} of ${t.hash} is ${a.status}, the EIP's checks say ${status}`);
      if (a.status !== 'ok') continue;
      if (accounts[a.authorityId]!.contract) fail(`authorization ${a.index} of ${t.hash} delegates a contract`);
      nonces.set(a.authorityId, next + 1);
      if (a.delegateId === chain.zeroId) delegation.delete(a.authorityId);
      else delegation.set(a.authorityId, a.delegateId);
    }
    if ((t.toId === NONE) === (t.createdId === NONE))
      fail(`transaction ${t.hash} must have exactly one of to and created contract`);
    if (t.status === 'error' && (t.tokenTransferCount || t.internalCount || t.revertReason === null))
      fail(`failed transaction ${t.hash} moved tokens or has no revert reason`);
    if (t.status === 'ok' && t.revertReason !== null) fail(`successful transaction ${t.hash} has a revert reason`);
    if (t.createdId !== NONE) {
      const contract = accounts[t.createdId]!.contract;
      if (!contract || txs[contract.creationTransaction] !== t || contract.creatorId !== t.fromId)
        fail(`contract created by ${t.hash} does not point back at it`);
    }
  });
  const facts = factsOf(chain);
  accounts.forEach((a) => {
    if (!a.contract && a.nonce !== (nonces.get(a.id) ?? 0))
      fail(
        `account ${a.hash} nonce ${a.nonce} != transactions sent and authorizations applied ${nonces.get(a.id) ?? 0}`,
      );
    // An EOA's code is the designator of its last delegation (EIP-7702), or none.
    const delegate = delegation.get(a.id);
    const code = delegate === undefined ? '0x' : `0xef0100${accounts[delegate]!.lower.slice(2)}`;
    if (!a.contract && codeAt(facts, a.id, chain.headHeight) !== code)
      fail(
        `account ${a.hash} code is not ${code === '0x' ? 'empty' : `the designator of ${accounts[delegate!]!.hash}`}`,
      );
    if (!a.contract && nonceAt(facts, a.id, chain.headHeight) !== a.nonce)
      fail(`account ${a.hash} nonce at the head is not its nonce ${a.nonce}`);
    // A contract is created by a transaction (or an internal create) that points at it, or predeployed at genesis with neither.
    if (a.contract && (a.contract.creationTransaction === NONE) !== (a.contract.creatorId === NONE))
      fail(`contract ${a.hash} has a creator or a creation transaction but not both`);
    if (a.contract?.creationTransaction === NONE && a.contract.creationStatus !== 'success')
      fail(`predeployed contract ${a.hash} is ${a.contract.creationStatus}`);
    if ((a.contract?.kind === 'custom') !== Boolean(a.contract?.custom))
      fail(
        `contract ${a.hash} is of kind ${a.contract?.kind} but ${a.contract?.custom ? 'has' : 'lacks'} code of the scenario's`,
      );
  });
  // A call is of a method its callee's ABI declares (a proxy's: its implementation's).
  txs.forEach((t) => {
    if (!t.call) return;
    const abi = customAbiOf(chain, t.call.contractKind, t.toId) ?? abiOf(t.call.contractKind);
    if (
      !abi.some(
        (x) => x.type === 'function' && x.name === t.call!.functionName && x.inputs.length === t.call!.args.length,
      )
    )
      fail(
        `transaction ${t.hash} calls ${t.call.contractKind}.${t.call.functionName}/${t.call.args.length}, which its ABI lacks`,
      );
  });

  // Blobs (EIP-4844): their gas, the blob base fee rule, and the fee each blob transaction burnt.
  const { blobFeeOf } = blobViolations(chain, fail);

  // Coin balances: replay the history in order and compare.
  const balance = accounts.map((a) => a.genesisBalance);
  const updatedAt: (number | null)[] = accounts.map((a) => (a.genesisBalance > 0n ? 0 : null));
  const move = (id: number, delta: bigint, height: number, what: string) => {
    if (delta === 0n) return;
    balance[id] = balance[id]! + delta;
    updatedAt[id] = height;
    if (balance[id]! < 0n) fail(`balance of ${accounts[id]!.hash} goes negative at block ${height} (${what})`);
  };
  const unclesByNephew = new Map(uncles.map((u) => [u.height + 1, u]));
  blocks.forEach((block, h) => {
    for (let i = block.transactionStart; i < block.transactionStart + block.transactionCount; i++) {
      const t = txs[i]!;
      move(t.fromId, -BigInt(t.gasUsed) * t.gasPrice, h, 'fee');
      move(t.fromId, -blobFeeOf(i), h, 'blob fee');
      move(block.minerId, BigInt(t.gasUsed) * (t.gasPrice - block.baseFeePerGas), h, 'priority fee');
      if (t.status !== 'ok') continue;
      move(t.fromId, -t.value, h, 'value sent');
      move(t.toId !== NONE ? t.toId : t.createdId, t.value, h, 'value received');
      for (let k = t.internalStart; k < t.internalStart + t.internalCount; k++) {
        const it = internals[k]!;
        if (!it.success) continue;
        move(it.fromId, -it.value, h, 'internal value sent');
        move(it.toId !== NONE ? it.toId : it.createdId, it.value, h, 'internal value received');
      }
    }
    for (let w = block.withdrawalStart; w < block.withdrawalStart + block.withdrawalCount; w++)
      move(withdrawals[w]!.receiverId, withdrawals[w]!.amount, h, 'withdrawal');
    const uncle = unclesByNephew.get(h);
    if (uncle)
      move(
        uncle.minerId,
        uncle.rewards.reduce((s, r) => s + r.amount, 0n),
        h,
        'uncle reward',
      );
    for (const edit of chain.stateEdits)
      if (edit.kind === 'balance' && edit.block === h) move(edit.accountId, edit.delta, h, 'balance set by a client');
    if (block.rewards.find((r) => r.type === 'Miner Reward')?.amount !== (h === 0 ? undefined : block.priorityFee))
      fail(`block ${h} miner reward is not its priority fees`);
  });
  accounts.forEach((a, id) => {
    if (a.balance !== balance[id]) fail(`balance of ${a.hash} is ${a.balance}, history says ${balance[id]}`);
    if (a.balanceUpdatedAt !== updatedAt[id])
      fail(`balance of ${a.hash} last changed at ${updatedAt[id]}, chain says ${a.balanceUpdatedAt}`);
  });
  if (chain.totalSupply !== balance.reduce((s, b) => s + b, 0n)) fail('total supply is not the sum of all balances');
  const rich = accounts
    .filter((a) => a.balance > 0n)
    .sort((x, y) => (x.balance !== y.balance ? (x.balance > y.balance ? -1 : 1) : x.lower < y.lower ? -1 : 1));
  if (rich.length !== chain.richList.length || rich.some((a, i) => chain.richList[i] !== a.id))
    fail('rich list is not every positive balance, balance descending then hash ascending');

  // Tokens: replay the transfers.
  const fungible = new Map<string, bigint>();
  const owner = new Map<string, number>();
  const supply = new Map<number, bigint>();
  for (const t of tokenTransfers) {
    if (txs[t.transaction]!.status !== 'ok') fail(`token transfer in failed transaction ${txs[t.transaction]!.hash}`);
    const token = accounts[t.tokenId]!.contract?.token;
    if (!token) {
      fail(`token transfer of non-token ${accounts[t.tokenId]!.hash}`);
      continue;
    }
    const add = (key: string, delta: bigint) => {
      const next = (fungible.get(key) ?? 0n) + delta;
      if (next < 0n) fail(`token balance ${key} goes negative`);
      if (next === 0n) fungible.delete(key);
      else fungible.set(key, next);
    };
    const ids = t.tokenIds ?? [null];
    ids.forEach((id, i) => {
      const amount = t.amounts[i]!;
      const key = (holder: number) => `${t.tokenId}:${holder}:${id ?? ''}`;
      if (t.fromId === chain.zeroId) supply.set(t.tokenId, (supply.get(t.tokenId) ?? 0n) + amount);
      else if (token.type === 'ERC-721' || token.type === 'ERC-404') {
        if (owner.get(`${t.tokenId}:${id}`) !== t.fromId) fail(`NFT ${t.tokenId}:${id} sent by a non-owner`);
      } else add(key(t.fromId), -amount);
      if (t.toId === chain.zeroId) {
        supply.set(t.tokenId, (supply.get(t.tokenId) ?? 0n) - amount);
        owner.delete(`${t.tokenId}:${id}`);
      } else if (token.type === 'ERC-721' || token.type === 'ERC-404') owner.set(`${t.tokenId}:${id}`, t.toId);
      else add(key(t.toId), amount);
    });
  }
  for (const [key, holder] of owner) {
    const [tokenId, id] = key.split(':');
    const unit =
      accounts[Number(tokenId)]!.contract!.token!.type === 'ERC-404'
        ? 10n ** BigInt(accounts[Number(tokenId)]!.contract!.token!.decimals)
        : 1n;
    fungible.set(`${tokenId}:${holder}:${id}`, unit);
    if (chain.nftOwners.get(key) !== holder) fail(`NFT ${key} owner is not the receiver of its last transfer`);
  }
  if (chain.nftOwners.size !== owner.size) fail('nftOwners holds burnt or unknown NFTs');
  const heldByToken = new Map<number, Set<number>>();
  for (const [key, value] of fungible) {
    const [tokenId, holder] = key.split(':').map(Number) as [number, number];
    if (value > 0n) {
      if (!heldByToken.has(tokenId)) heldByToken.set(tokenId, new Set());
      heldByToken.get(tokenId)!.add(holder);
    }
  }
  accounts.forEach((a) => {
    const token = a.contract?.token;
    if (!token) return;
    if (token.totalSupply !== (supply.get(a.id) ?? 0n))
      fail(`${token.symbol} total supply ${token.totalSupply} != mints − burns ${supply.get(a.id) ?? 0n}`);
    if (token.holdersCount !== (heldByToken.get(a.id)?.size ?? 0))
      fail(`${token.symbol} holders_count ${token.holdersCount} != ${heldByToken.get(a.id)?.size ?? 0}`);
  });
  // Endpoint 3's rows: one per ERC-20 and ERC-721 contract (the number of ids held), one per id otherwise.
  const expectedRows = accounts.map(() => new Map<string, bigint>());
  for (const [key, value] of fungible) {
    const [tokenId, holder, id] = key.split(':') as [string, string, string];
    const type = accounts[Number(tokenId)]!.contract!.token!.type;
    const row = type === 'ERC-721' ? `${tokenId}:` : `${tokenId}:${id}`;
    const rows = expectedRows[Number(holder)]!;
    rows.set(row, (rows.get(row) ?? 0n) + (type === 'ERC-721' ? 1n : value));
  }
  indexes.forEach((index, id) => {
    const rows = new Map(index.holdings.map((h) => [`${h.tokenId}:${h.nftId ?? ''}`, h.value]));
    const want = expectedRows[id]!;
    if (rows.size !== want.size || [...want].some(([k, v]) => rows.get(k) !== v)) {
      fail(
        `${accounts[id]!.hash} holdings ${JSON.stringify([...rows].map(([k, v]) => [k, String(v)]).slice(0, 4))} differ from the transfer history`,
      );
    }
    const keyOf = (tokenId: number, value: bigint) => ({
      value,
      type: accounts[tokenId]!.contract!.token!.type,
      name: accounts[tokenId]!.contract!.token!.name,
    });
    index.holdings.forEach((h, i) => {
      if (i > 0) {
        const prev = index.holdings[i - 1]!;
        if (compareHoldingKeys(keyOf(prev.tokenId, prev.value), keyOf(h.tokenId, h.value)) > 0)
          fail(`${accounts[id]!.hash} holdings out of order`);
      }
    });
    index.nftCollections.forEach((c, i) => {
      if (c.amount !== c.instances.reduce((s, x) => s + x.value, 0n))
        fail(`${accounts[id]!.hash} collection amount is not the sum of its instances`);
      if (i === 0) return;
      const prev = index.nftCollections[i - 1]!;
      const k = (tokenId: number) => ({
        type: accounts[tokenId]!.contract!.token!.type,
        address: accounts[tokenId]!.lower,
      });
      if (compareCollectionKeys(k(prev.tokenId), k(c.tokenId)) >= 0)
        fail(`${accounts[id]!.hash} NFT collections out of order`);
    });
  });

  // Indexes: each list is exactly what the entities say, in chain order.
  const expected = accounts.map(() => ({
    tx: [] as number[],
    txFrom: [] as number[],
    txTo: [] as number[],
    tt: [] as number[],
    itx: [] as number[],
    itxFrom: [] as number[],
    itxTo: [] as number[],
    wd: [] as number[],
    mined: [] as number[],
  }));
  txs.forEach((t, i) => {
    const to = t.toId !== NONE ? t.toId : t.createdId;
    expected[t.fromId]!.tx.push(i);
    if (to !== t.fromId) expected[to]!.tx.push(i);
    expected[t.fromId]!.txFrom.push(i);
    expected[to]!.txTo.push(i);
  });
  tokenTransfers.forEach((t, i) => {
    expected[t.fromId]!.tt.push(i);
    if (t.toId !== t.fromId) expected[t.toId]!.tt.push(i);
  });
  internals.forEach((t, i) => {
    const to = t.toId !== NONE ? t.toId : t.createdId;
    if ((t.toId === NONE) === (t.createdId === NONE))
      fail(`internal transaction ${i} must have exactly one of to and created contract`);
    if (t.success !== (t.error === null)) fail(`internal transaction ${i} success and error disagree`);
    expected[t.fromId]!.itx.push(i);
    if (to !== t.fromId) expected[to]!.itx.push(i);
    expected[t.fromId]!.itxFrom.push(i);
    expected[to]!.itxTo.push(i);
  });
  withdrawals.forEach((w, i) => expected[w.receiverId]!.wd.push(i));
  blocks.forEach((b, h) => expected[b.minerId]!.mined.push(h));
  const same = (a: Int32Array, b: number[]) => a.length === b.length && b.every((v, i) => a[i] === v);
  indexes.forEach((index, id) => {
    const e = expected[id]!;
    const pairs: [string, Int32Array, number[]][] = [
      ['transactions', index.transactions, e.tx],
      ['transactionsFrom', index.transactionsFrom, e.txFrom],
      ['transactionsTo', index.transactionsTo, e.txTo],
      ['tokenTransfers', index.tokenTransfers, e.tt],
      ['internalTransactions', index.internalTransactions, e.itx],
      ['internalTransactionsFrom', index.internalTransactionsFrom, e.itxFrom],
      ['internalTransactionsTo', index.internalTransactionsTo, e.itxTo],
      ['withdrawals', index.withdrawals, e.wd],
      ['minedBlocks', index.minedBlocks, e.mined],
    ];
    for (const [name, actual, want] of pairs)
      if (!same(actual, want))
        fail(`${accounts[id]!.hash} ${name} index (${actual.length}) differs from the entities (${want.length})`);
  });

  // Logs: a block's log indexes run 0, 1, 2… over its transactions' logs (events, then token
  // transfers); failed transactions emit none; each event is declared by its emitter's ABI (or its
  // implementation's); every contract's log list is the scan of the chain, and has_logs says so.
  const events = rowsOf(chain.events);
  const expectedLogs = accounts.map((): number[] => []);
  let nextEvent = 0;
  for (const block of blocks) {
    let logIndex = 0;
    for (let i = block.transactionStart; i < block.transactionStart + block.transactionCount; i++) {
      const t = txs[i]!;
      if (t.eventStart !== nextEvent) fail(`transaction ${t.hash} events start at ${t.eventStart}, not ${nextEvent}`);
      nextEvent += t.eventCount;
      if (t.status !== 'ok' && t.eventCount + t.tokenTransferCount > 0) fail(`failed transaction ${t.hash} emits logs`);
      for (const ref of logsOfTransaction(t)) {
        if (logIndexOf(chain, ref) !== logIndex++)
          fail(`log ${ref} of ${t.hash} has index ${logIndexOf(chain, ref)}, not ${logIndex - 1}`);
        if (logTransactionOf(chain, ref) !== i)
          fail(`log ${ref} of ${t.hash} names transaction ${logTransactionOf(chain, ref)}`);
        const emitter = ref < 0 ? tokenTransfers[-1 - ref]!.tokenId : events[ref]!.emitterId;
        expectedLogs[emitter]!.push(ref);
      }
    }
  }
  if (nextEvent !== events.length) fail(`${events.length - nextEvent} events belong to no transaction`);
  events.forEach((e, i) => {
    if (txs[e.transaction]?.block !== e.block) fail(`event ${i} is in block ${e.block}, its transaction is not`);
    const contract = accounts[e.emitterId]?.contract;
    const implementation =
      contract && contract.implementationId !== NONE ? accounts[contract.implementationId]?.contract : null;
    if (contract?.kind !== e.contractKind && implementation?.kind !== e.contractKind)
      fail(`event ${i} (${e.contractKind}.${e.name}) is emitted by a ${contract?.kind ?? 'non-contract'}`);
    // A raw log (executed code's event the ledger has no ABI for) names nothing to check.
    if (e.raw) return;
    const declared = (customAbiOf(chain, e.contractKind, e.emitterId) ?? abiOf(e.contractKind)).find(
      (x) => x.type === 'event' && x.name === e.name,
    );
    if (!declared || declared.type !== 'event' || declared.inputs.length !== e.args.length)
      fail(`event ${i}: the ${e.contractKind} ABI declares no ${e.name} of ${e.args.length} arguments`);
  });
  indexes.forEach((index, id) => {
    const want = expectedLogs[id]!;
    if (index.logs.length !== want.length || want.some((ref, k) => index.logs[k] !== ref))
      fail(`${accounts[id]!.hash} logs index (${index.logs.length}) differs from the chain (${want.length})`);
    if ((accounts[id]!.contract?.hasLogs ?? false) !== want.length > 0)
      fail(`${accounts[id]!.hash} has_logs is ${accounts[id]!.contract?.hasLogs}, it emitted ${want.length} logs`);
  });

  // Lookups.
  txs.forEach((t, i) => {
    if (chain.transactionByHash.get(t.hash) !== i) fail(`transactionByHash misses ${t.hash}`);
  });
  accounts.forEach((a, i) => {
    if (chain.accountByHash.get(a.lower) !== i) fail(`accountByHash misses ${a.hash}`);
  });

  // ERC-4337: operations, their nonces per (sender, key), deployments, fees and the bundler's pay.
  userOpViolations(chain, fail);
  // Beacon deposits (EIP-6110): consecutive indexes, roots, amounts and the contract's balance.
  depositViolations(chain, fail);
  return problems;
}
