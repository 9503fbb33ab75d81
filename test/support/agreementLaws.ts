import { createHash } from 'node:crypto';
import * as AbiFunction from 'ox/AbiFunction';
import { depositAgreement } from './depositAgreement.js';
import { userOpAgreement } from './userOpAgreement.js';

/** Anything that answers a fetch Request: a `createHandler`, or `fetch` bound to a running server. */
export type Fetcher = (request: Request) => Promise<Response>;

type Json = Record<string, any>;

const ERC20_VIEWS = {
  name: AbiFunction.from('function name() view returns (string)'),
  symbol: AbiFunction.from('function symbol() view returns (string)'),
  decimals: AbiFunction.from('function decimals() view returns (uint8)'),
  totalSupply: AbiFunction.from('function totalSupply() view returns (uint256)'),
  balanceOf: AbiFunction.from('function balanceOf(address) view returns (uint256)'),
};
const OWNER_OF = AbiFunction.from('function ownerOf(uint256) view returns (address)');

/** A call's result decoded, or what it was when it cannot be (an error answer, bytes the ABI does not read). */
function decoded(fn: AbiFunction.AbiFunction, result: unknown): unknown {
  if (typeof result !== 'string') return result;
  try {
    const value = AbiFunction.decodeResult(fn, result as `0x${string}`);
    return typeof value === 'string' && value.startsWith('0x') ? value.toLowerCase() : String(value);
  } catch {
    return { undecodable: result };
  }
}

const hex = (n: number | bigint) => `0x${n.toString(16)}`;
const unix = (iso: string) => hex(Math.round(Date.parse(iso) / 1000));
const lower = (s: string | null | undefined) => (s == null ? null : s.toLowerCase());

export interface AgreementSample {
  /** Blocks to compare besides genesis, the first, the head and the handles' (evenly spread). */
  readonly blocks?: number;
  /** Most transactions to compare per block. */
  readonly transactionsPerBlock?: number;
  /** Most addresses to compare (the handles' first, then senders and receivers of the transactions compared). */
  readonly addresses?: number;
}

/**
 * Every disagreement between the node's JSON-RPC (`/rpc`) and the REST API at the same head, on a
 * sample of blocks, their transactions, the addresses they touch and the tokens: blocks (hash,
 * parent, timestamp, gas, base fee, miner, transaction hashes, withdrawals), transactions (every
 * field), receipts (status, gas, fee, created contract, logs = the explorer's logs), balances at
 * each block of the coin balance history, nonces (= the address's sent count), code (= the
 * deployed bytecode), ERC-20 views (= the token and its holders' balances) and ERC-721 owners (=
 * the instances' owners). Learns nothing from the chain itself: only from the two APIs.
 */
export async function agreementViolations(
  fetcher: Fetcher,
  sample: AgreementSample = {},
): Promise<{ violations: string[]; checked: number }> {
  const { blocks: blockCount = 12, transactionsPerBlock = 6, addresses: addressCount = 30 } = sample;
  const out: string[] = [];
  let checked = 0;
  const same = (what: string, rest: unknown, rpc: unknown) => {
    checked++;
    if (JSON.stringify(rest) !== JSON.stringify(rpc))
      out.push(`${what}: REST ${JSON.stringify(rest)}, RPC ${JSON.stringify(rpc)}`);
  };
  const get = async (path: string): Promise<Json> => {
    const response = await fetcher(new Request(`http://mock${path}`));
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Json;
  };
  /** Every item of a list, following its pages (at most `pages`). */
  const items = async (path: string, pages = 20): Promise<Json[]> => {
    const all: Json[] = [];
    let params: Json | null = null;
    for (let page = 0; page < pages; page++) {
      const query = params
        ? `${path.includes('?') ? '&' : '?'}${new URLSearchParams(params as Record<string, string>)}`
        : '';
      const body = await get(`${path}${query}`);
      all.push(...(body.items as Json[]));
      params = body.next_page_params as Json | null;
      if (!params) break;
    }
    return all;
  };
  let nextId = 1;
  /** Results of many calls in one batch each 100, in order; an error answer is returned as `{ error }`. */
  const rpc = async (calls: readonly (readonly [string, readonly unknown[]])[]): Promise<any[]> => {
    const results: any[] = [];
    for (let i = 0; i < calls.length; i += 100) {
      const batch = calls
        .slice(i, i + 100)
        .map(([method, params]) => ({ jsonrpc: '2.0', id: nextId++, method, params }));
      const response = await fetcher(
        new Request('http://mock/rpc', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(batch),
        }),
      );
      const answers = (await response.json()) as Json[];
      const byId = new Map(answers.map((a) => [a.id, a]));
      for (const request of batch) {
        const answer = byId.get(request.id);
        results.push(
          answer === undefined ? { error: 'no answer' } : 'error' in answer ? { error: answer.error } : answer.result,
        );
      }
    }
    return results;
  };
  const call1 = async (method: string, ...params: unknown[]) => (await rpc([[method, params]]))[0];

  const scenario = await get('/__mock/scenario');
  const head = scenario.headHeight as number;
  const listsPending = scenario.profile === 'blockscout';
  same('eth_blockNumber', hex(head), await call1('eth_blockNumber'));
  const handles = scenario.handles as { name: string; kind: string; value: string }[];

  // Blocks: genesis, the first, the head, the handles' and some between.
  const heights = new Set<number>([0, 1, head]);
  for (const h of handles) if (h.kind === 'block' && /^[0-9]+$/.test(h.value)) heights.add(Number(h.value));
  for (let k = 1; k <= blockCount; k++) heights.add(Math.floor((head * k) / (blockCount + 1)));
  // The blob transaction's block too, so every chain with blobs compares one (EIP-4844).
  const blobHandle = handles.find((h) => h.name === 'blobTransaction');
  const blobHeight = blobHandle
    ? ((await get(`/api/v2/transactions/${blobHandle.value}`)).block_number as number)
    : null;
  if (blobHeight !== null && blobHeight <= head) heights.add(blobHeight);
  const transactionHashes: string[] = [];
  for (const height of [...heights].sort((a, b) => a - b)) {
    const where = `block ${height}`;
    const rest = await get(`/api/v2/blocks/${height}`);
    const [byNumber, byHash, count, uncles] = await rpc([
      ['eth_getBlockByNumber', [hex(height), false]],
      ['eth_getBlockByHash', [rest.hash, false]],
      ['eth_getBlockTransactionCountByNumber', [hex(height)]],
      ['eth_getUncleCountByBlockNumber', [hex(height)]],
    ]);
    if (!byNumber || byNumber.error) {
      out.push(`${where}: RPC has no block (${JSON.stringify(byNumber)})`);
      continue;
    }
    same(`${where}: eth_getBlockByHash = eth_getBlockByNumber`, byNumber, byHash);
    same(`${where}: hash`, rest.hash, byNumber.hash);
    same(`${where}: parent hash`, rest.parent_hash, byNumber.parentHash);
    same(`${where}: number`, hex(rest.height), byNumber.number);
    same(`${where}: timestamp`, unix(rest.timestamp), byNumber.timestamp);
    same(`${where}: gas used`, hex(BigInt(rest.gas_used)), byNumber.gasUsed);
    same(`${where}: gas limit`, hex(BigInt(rest.gas_limit)), byNumber.gasLimit);
    same(
      `${where}: base fee`,
      rest.base_fee_per_gas === null ? undefined : hex(BigInt(rest.base_fee_per_gas)),
      byNumber.baseFeePerGas,
    );
    same(`${where}: miner`, lower(rest.miner.hash), byNumber.miner);
    // Blob gas (EIP-4844): the Blockscout profile's block fields are the header's.
    if (rest.blob_gas_used !== undefined) {
      same(`${where}: blob gas used`, hex(BigInt(rest.blob_gas_used)), byNumber.blobGasUsed);
      same(`${where}: excess blob gas`, hex(BigInt(rest.excess_blob_gas)), byNumber.excessBlobGas);
    }
    same(`${where}: nonce`, rest.nonce, byNumber.nonce);
    same(`${where}: difficulty`, hex(BigInt(rest.difficulty)), byNumber.difficulty);
    same(`${where}: size`, hex(rest.size), byNumber.size);
    same(
      `${where}: uncles`,
      rest.uncles_hashes.map((u: Json) => (typeof u === 'string' ? u : u.hash)),
      byNumber.uncles,
    );
    same(`${where}: uncle count`, hex(rest.uncles_hashes.length), uncles);
    const restTransactions = (await items(`/api/v2/blocks/${height}/transactions`)).sort(
      (a, b) => a.position - b.position,
    );
    same(`${where}: transaction count`, hex(Number(rest.transactions_count ?? restTransactions.length)), count);
    same(
      `${where}: transactions`,
      restTransactions.map((t) => t.hash),
      byNumber.transactions,
    );
    const withdrawals = (await items(`/api/v2/blocks/${height}/withdrawals`)).sort((a, b) => a.index - b.index);
    same(
      `${where}: withdrawals`,
      withdrawals.map((w) => ({
        index: hex(w.index),
        validatorIndex: hex(w.validator_index),
        address: lower(w.receiver.hash),
        amount: hex(BigInt(w.amount) / 10n ** 9n),
      })),
      byNumber.withdrawals,
    );
    for (const w of withdrawals)
      if (BigInt(w.amount) % 10n ** 9n !== 0n)
        out.push(`${where}: withdrawal ${w.index} is not whole gwei: ${w.amount}`);
    const picked = restTransactions.filter(
      (t, k) =>
        k < transactionsPerBlock / 2 ||
        k >= restTransactions.length - transactionsPerBlock / 2 ||
        t.hash === blobHandle?.value,
    );
    transactionHashes.push(...picked.map((t) => t.hash));
  }

  // Transactions and their receipts.
  const addresses = new Set<string>();
  for (const h of handles) if (h.kind === 'address' && addresses.size < addressCount / 2) addresses.add(h.value);
  for (const hash of transactionHashes) {
    const where = `transaction ${hash}`;
    const rest = await get(`/api/v2/transactions/${hash}`);
    const [tx, receipt] = await rpc([
      ['eth_getTransactionByHash', [hash]],
      ['eth_getTransactionReceipt', [hash]],
    ]);
    if (!tx || tx.error || !receipt || receipt.error) {
      out.push(`${where}: RPC has no transaction or receipt`);
      continue;
    }
    same(`${where}: block number`, hex(rest.block_number), tx.blockNumber);
    same(`${where}: index`, hex(rest.position), tx.transactionIndex);
    same(`${where}: from`, lower(rest.from.hash), tx.from);
    same(`${where}: to`, lower(rest.to?.hash), tx.to);
    same(`${where}: value`, hex(BigInt(rest.value)), tx.value);
    same(`${where}: gas`, hex(BigInt(rest.gas_limit)), tx.gas);
    same(`${where}: nonce`, hex(rest.nonce), tx.nonce);
    same(`${where}: input`, rest.raw_input, tx.input);
    same(`${where}: type`, hex(rest.type), tx.type);
    // A legacy transaction has neither fee cap, in either API.
    same(
      `${where}: max fee`,
      rest.max_fee_per_gas === null ? undefined : hex(BigInt(rest.max_fee_per_gas)),
      tx.maxFeePerGas,
    );
    same(
      `${where}: max priority fee`,
      rest.max_priority_fee_per_gas === null ? undefined : hex(BigInt(rest.max_priority_fee_per_gas)),
      tx.maxPriorityFeePerGas,
    );
    // A mined transaction's gas price is what it paid, in both.
    same(`${where}: gas price`, hex(BigInt(rest.gas_price)), tx.gasPrice);
    same(`${where}: hash`, rest.hash, tx.hash);
    same(`${where}: status`, rest.status === 'ok' ? '0x1' : '0x0', receipt.status);
    same(`${where}: gas used`, hex(BigInt(rest.gas_used)), receipt.gasUsed);
    same(`${where}: effective gas price`, hex(BigInt(rest.gas_price)), receipt.effectiveGasPrice);
    same(
      `${where}: fee`,
      BigInt(rest.fee.value).toString(),
      (BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)).toString(),
    );
    same(`${where}: created contract`, lower(rest.created_contract?.hash), receipt.contractAddress);
    same(`${where}: receipt block`, tx.blockHash, receipt.blockHash);
    // A set-code transaction's authorizations (EIP-7702): the Blockscout profile's list is the node's.
    if (rest.authorization_list !== undefined)
      same(
        `${where}: authorizations`,
        (rest.authorization_list as Json[]).map((a) => ({
          chainId: hex(a.chain_id),
          address: lower(a.address_hash),
          nonce: hex(BigInt(a.nonce)),
          yParity: hex(a.v),
          r: hex(BigInt(a.r)),
          s: hex(BigInt(a.s)),
        })),
        tx.authorizationList ?? [],
      );
    // A blob transaction's blobs (EIP-4844): the Blockscout profile's fields are the node's transaction and receipt's,
    // its blobs' list names the same versioned hashes, each the SHA-256 of its KZG commitment.
    if (rest.blob_versioned_hashes !== undefined) {
      same(`${where}: blob versioned hashes`, rest.blob_versioned_hashes, tx.blobVersionedHashes);
      same(`${where}: blob fee cap`, hex(BigInt(rest.max_fee_per_blob_gas)), tx.maxFeePerBlobGas);
      same(`${where}: blob gas used`, hex(BigInt(rest.blob_gas_used)), receipt.blobGasUsed);
      same(`${where}: blob gas price`, hex(BigInt(rest.blob_gas_price)), receipt.blobGasPrice);
      const blobs = (await get(`/api/v2/transactions/${hash}/blobs`)).items as Json[];
      same(
        `${where}: blobs`,
        blobs.map((b) => b.hash),
        tx.blobVersionedHashes,
      );
      same(
        `${where}: blob commitments`,
        blobs.map(
          (b) =>
            `0x01${createHash('sha256')
              .update(Buffer.from(b.kzg_commitment.slice(2), 'hex'))
              .digest('hex')
              .slice(2)}`,
        ),
        tx.blobVersionedHashes,
      );
    } else if (tx.blobVersionedHashes !== undefined && 'proxy_type' in rest.from)
      out.push(`${where}: a blob transaction without its blob fields in REST`);
    const logs = (await items(`/api/v2/transactions/${hash}/logs`)).sort((a, b) => a.index - b.index);
    same(
      `${where}: logs`,
      logs.map((l) => ({
        address: lower(l.address.hash),
        topics: (l.topics as (string | null)[]).filter((t) => t !== null),
        data: l.data,
        blockNumber: hex(l.block_number ?? rest.block_number),
        transactionHash: hash,
        logIndex: hex(l.index),
      })),
      (receipt.logs as Json[]).map((l) => ({
        address: l.address,
        topics: l.topics,
        data: l.data,
        blockNumber: l.blockNumber,
        transactionHash: l.transactionHash,
        logIndex: l.logIndex,
      })),
    );
    for (const party of [rest.from.hash, rest.to?.hash])
      if (party && addresses.size < addressCount) addresses.add(party);
  }

  // Addresses: balance at each block of its history, nonce, code, ERC-20 balances.
  for (const address of addresses) {
    const where = `address ${address}`;
    const rest = await get(`/api/v2/addresses/${address}`);
    const history = await items(`/api/v2/addresses/${address}/coin-balance-history`, 2);
    const sent = await items(`/api/v2/addresses/${address}/transactions?filter=from`, 1);
    const recent = await items(`/api/v2/addresses/${address}/transactions`, 1);
    const tokens = await items(`/api/v2/addresses/${address}/tokens?type=ERC-20`, 1);
    const [balance, nonce, pendingNonce, code, ...rest2] = await rpc([
      ['eth_getBalance', [address, 'latest']],
      ['eth_getTransactionCount', [address, 'latest']],
      ['eth_getTransactionCount', [address, 'pending']],
      ['eth_getCode', [address, 'latest']],
      ...history.map((h) => ['eth_getBalance', [address, hex(h.block_number)]] as const),
      ...tokens.map(
        (t) =>
          [
            'eth_call',
            [
              {
                to: t.token.address_hash,
                data: AbiFunction.encodeData(ERC20_VIEWS.balanceOf, [address as `0x${string}`]),
              },
              'latest',
            ],
          ] as const,
      ),
    ]);
    same(`${where}: balance`, hex(BigInt(rest.coin_balance ?? '0')), balance);
    history.forEach((h, k) => same(`${where}: balance at block ${h.block_number}`, hex(BigInt(h.value)), rest2[k]));
    // A delegated EOA (EIP-7702): the Blockscout profile's eip7702 implementation, the spec's implementation address.
    const delegate: string | null =
      rest.proxy_type === 'eip7702'
        ? rest.implementations[0].address_hash
        : rest.is_contract
          ? null
          : (rest.implementation_address ?? null);
    if (delegate !== null || !rest.is_contract) {
      // The Blockscout profile lists the address's pending transactions first: they count for `pending` only.
      const own = sent.filter((t) => lower(t.from.hash) === lower(address)).sort((a, b) => b.nonce - a.nonce);
      const mined = own.find((t) => t.block_number !== null);
      // An authorization of its that applied took a nonce too (EIP-7702).
      const authorized = recent
        .filter((t) => t.block_number !== null)
        .flatMap((t) => (t.authorization_list ?? []) as Json[])
        .filter((a) => a.status === 'ok' && lower(a.authority) === lower(address))
        .map((a) => Number(a.nonce) + 1);
      const latestCount = Math.max(mined ? mined.nonce + 1 : 0, ...authorized);
      // The spec's shapes show no authorizations: there, those its authorizations took may come on top.
      if ('proxy_type' in rest || BigInt(nonce) < BigInt(latestCount)) same(`${where}: nonce`, hex(latestCount), nonce);
      const pending = own.find((t) => t.block_number === null);
      if (pending) same(`${where}: pending nonce`, hex(pending.nonce + 1), pendingNonce);
      else if (listsPending) same(`${where}: pending nonce`, hex(latestCount), pendingNonce);
      // Its code is the designator of its delegate (EIP-7702), or none.
      same(`${where}: code`, delegate === null ? '0x' : `0xef0100${String(lower(delegate)).slice(2)}`, code);
      // Blockscout's record of it, an address with code and no contract, holds that designator as its bytecode.
      if (rest.proxy_type === 'eip7702')
        same(`${where}: deployed bytecode`, (await get(`/api/v2/smart-contracts/${address}`)).deployed_bytecode, code);
    } else {
      const contract = await get(`/api/v2/smart-contracts/${address}`).catch(() => null);
      if (contract?.deployed_bytecode) same(`${where}: code`, contract.deployed_bytecode, code);
    }
    tokens.forEach((t, k) => {
      const result = rest2[history.length + k];
      same(`${where}: balanceOf on ${t.token.address_hash}`, t.value, decoded(ERC20_VIEWS.balanceOf, result));
    });
  }

  // Every kind of token: the decimals the explorer shows are what its code answers; where it answers
  // none (`decimals()` reverts), Blockscout's record holds none (null), the spec's a placeholder.
  for (const type of ['ERC-404', 'ERC-721', 'ERC-1155']) {
    const tokens = await items(`/api/v2/tokens?type=${type}`, 1);
    const answers = await rpc(
      tokens.map(
        (t) =>
          ['eth_call', [{ to: t.address_hash, data: AbiFunction.encodeData(ERC20_VIEWS.decimals) }, 'latest']] as const,
      ),
    );
    tokens.forEach((token, k) => {
      const answered = typeof answers[k] === 'string';
      const blockscout = 'reputation' in token;
      same(
        `token ${token.address_hash} (${type}): decimals as its code answers decimals()`,
        answered ? token.decimals : blockscout ? token.decimals : null,
        answered ? decoded(ERC20_VIEWS.decimals, answers[k]) : null,
      );
    });
  }

  // Tokens: ERC-20 views, ERC-721 owners.
  for (const token of await items('/api/v2/tokens?type=ERC-20', 1)) {
    const where = `token ${token.address_hash}`;
    const views = ['name', 'symbol', 'decimals', 'totalSupply'] as const;
    const results = await rpc(
      views.map(
        (v) =>
          ['eth_call', [{ to: token.address_hash, data: AbiFunction.encodeData(ERC20_VIEWS[v]) }, 'latest']] as const,
      ),
    );
    same(
      `${where}: name, symbol, decimals, total supply`,
      [token.name, token.symbol, token.decimals, token.total_supply],
      views.map((v, k) => decoded(ERC20_VIEWS[v], results[k])),
    );
    const holders = await items(`/api/v2/tokens/${token.address_hash}/holders`, 1);
    const balances = await rpc(
      holders.map(
        (h) =>
          [
            'eth_call',
            [
              { to: token.address_hash, data: AbiFunction.encodeData(ERC20_VIEWS.balanceOf, [h.address.hash]) },
              'latest',
            ],
          ] as const,
      ),
    );
    holders.forEach((h, k) =>
      same(`${where}: balanceOf(${h.address.hash})`, h.value, decoded(ERC20_VIEWS.balanceOf, balances[k])),
    );
  }
  for (const token of await items('/api/v2/tokens?type=ERC-721', 1)) {
    const instances = await items(`/api/v2/tokens/${token.address_hash}/instances`, 1);
    const owners = await rpc(
      instances.map(
        (i) =>
          [
            'eth_call',
            [{ to: token.address_hash, data: AbiFunction.encodeData(OWNER_OF, [BigInt(i.id)]) }, 'latest'],
          ] as const,
      ),
    );
    instances.forEach((i, k) =>
      same(`token ${token.address_hash}: ownerOf(${i.id})`, lower(i.owner?.hash), decoded(OWNER_OF, owners[k])),
    );
  }
  // ERC-4337 user operations: the account-abstraction proxy's against REST v2 and the node.
  await userOpAgreement({ get, rpc, same, out });
  // Beacon deposits: REST v2's list against the deposit contract's logs by eth_getLogs and getLogs.
  await depositAgreement({ get, rpc, same, out }, items);
  return { violations: out, checked };
}
