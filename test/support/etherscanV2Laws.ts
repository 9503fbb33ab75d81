import { walkPagesAsync } from '../../src/rest/walkPages.js';
import type { Fetcher } from './agreementLaws.js';

type Json = Record<string, any>;

const unix = (iso: string) => String(Math.round(Date.parse(iso) / 1000));
const lower = (s: string | null | undefined) => (s == null ? '' : s.toLowerCase());
const hex = (n: number | bigint | string) => `0x${BigInt(n).toString(16)}`;

/** What the laws compare, besides the addresses: how far to walk. */
export interface V2Sample {
  /** Addresses compared (their lists walked whole). */
  readonly addresses: readonly string[];
  /** Addresses whose lists are also walked page by page, in both orders. */
  readonly paged?: readonly string[];
}

/** Asks the three APIs over one fetcher: Etherscan's `/v2/api`, REST v2 (every page) and the node. */
export function apis(fetcher: Fetcher, chainid: number) {
  const text = async (url: string, init?: RequestInit) => {
    const response = await fetcher(new Request(`http://mock${url}`, init));
    return { status: response.status, body: await response.text() };
  };
  return {
    v2: async (query: string): Promise<Json> => JSON.parse((await text(`/v2/api?chainid=${chainid}&${query}`)).body),
    restOne: async (path: string): Promise<Json> => JSON.parse((await text(`/api/v2${path}`)).body),
    rest: async (path: string): Promise<Json[]> =>
      (await walkPagesAsync(text, `/api/v2${path}`)).flatMap((p) => (p.page?.items ?? []) as Json[]),
    node: async (method: string, params: unknown[]): Promise<unknown> =>
      (
        JSON.parse(
          (
            await text('/rpc', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
            })
          ).body,
        ) as Json
      ).result,
  };
}

/**
 * Every disagreement between Etherscan's API (`/v2/api`) and REST v2 or the node, from their answers
 * alone: an address's transactions (both orders, every page), internal transactions, token transfers
 * of each standard, coin balances now and at each block they changed (against the node's), token
 * balances and holdings, mined blocks and withdrawals.
 */
export async function v2Violations(
  fetcher: Fetcher,
  chainid: number,
  sample: V2Sample,
): Promise<{ violations: string[]; checked: number }> {
  const { v2, rest, restOne, node } = apis(fetcher, chainid);
  const out: string[] = [];
  let checked = 0;
  const same = (what: string, mine: unknown, theirs: unknown) => {
    checked++;
    if (JSON.stringify(mine) === JSON.stringify(theirs)) return;
    // Lists: the first place they differ.
    if (Array.isArray(mine) && Array.isArray(theirs)) {
      const k = mine.findIndex((m, i) => JSON.stringify(m) !== JSON.stringify(theirs[i]));
      const at = k < 0 ? mine.length : k;
      out.push(
        `${what} (${mine.length} vs ${theirs.length}) at ${at}: v2 ${JSON.stringify(mine[at])}, other ${JSON.stringify(theirs[at])}`,
      );
    } else
      out.push(`${what}: v2 ${JSON.stringify(mine)?.slice(0, 300)}, other ${JSON.stringify(theirs)?.slice(0, 300)}`);
  };
  /** A list's result: [] when Etherscan says none were found. */
  const list = async (query: string): Promise<Json[]> => {
    const answer = await v2(query);
    if (answer.status === '0') {
      same(`${query} (empty)`, answer, { status: '0', message: 'No transactions found', result: [] });
      return [];
    }
    return answer.result as Json[];
  };
  /** Every page of a list at `offset`, joined. */
  const pages = async (query: string, offset: number): Promise<Json[]> => {
    const all: Json[] = [];
    for (let page = 1; ; page++) {
      const items = await list(`${query}&page=${page}&offset=${offset}`);
      all.push(...items);
      if (items.length < offset) return all;
    }
  };
  for (const address of sample.addresses) {
    const a = address.toLowerCase();
    // Transactions: oldest first by default, the same facts as REST's (which lists newest first, pending ones first).
    const restTxs = (await rest(`/addresses/${address}/transactions`)).filter((t) => t.block_number !== null);
    const asc = await list(`module=account&action=txlist&address=${address}`);
    same(
      `${a} txlist`,
      asc.map((t) => [
        t.hash,
        t.blockNumber,
        t.timeStamp,
        t.transactionIndex,
        t.from,
        t.to,
        t.contractAddress,
        t.value,
        t.gas,
        t.gasUsed,
        t.gasPrice,
        t.nonce,
        t.isError,
        t.txreceipt_status,
        t.input,
        t.methodId,
        t.functionName,
        t.confirmations,
      ]),
      [...restTxs]
        .reverse()
        .map((r) => [
          r.hash,
          String(r.block_number),
          unix(r.timestamp),
          String(r.position),
          lower(r.from.hash),
          lower(r.to?.hash),
          lower(r.created_contract?.hash),
          r.value,
          r.gas_limit,
          r.gas_used,
          r.gas_price,
          String(r.nonce),
          r.status === 'ok' ? '0' : '1',
          r.status === 'ok' ? '1' : '0',
          r.raw_input,
          r.raw_input.slice(0, 10),
          r.decoded_input?.method_call ?? '',
          String(r.confirmations),
        ]),
    );
    same(
      `${a} txlist desc`,
      (await list(`module=account&action=txlist&address=${address}&sort=desc`)).map((t) => t.hash),
      restTxs.map((r) => r.hash),
    );
    if (sample.paged?.includes(address))
      for (const offset of [1, 4, 25])
        for (const sort of ['asc', 'desc']) {
          const whole = (await list(`module=account&action=txlist&address=${address}&sort=${sort}`)).map((t) => t.hash);
          same(
            `${a} txlist pages of ${offset}, ${sort}`,
            (await pages(`module=account&action=txlist&address=${address}&sort=${sort}`, offset)).map((t) => t.hash),
            whole,
          );
        }
    // Internal transactions: those moving value, creations and self-destructs, oldest first.
    const restInternal = (await rest(`/addresses/${address}/internal-transactions`)).filter(
      (i) => i.value !== '0' || !['call', 'delegatecall', 'staticcall'].includes(i.type),
    );
    same(
      `${a} txlistinternal`,
      (await list(`module=account&action=txlistinternal&address=${address}`)).map((i) => [
        i.hash,
        i.blockNumber,
        i.from,
        i.to,
        i.contractAddress,
        i.value,
        i.type,
        i.gas,
        i.isError,
      ]),
      [...restInternal]
        .reverse()
        .map((r) => [
          r.transaction_hash,
          String(r.block_number),
          lower(r.from.hash),
          lower(r.to?.hash),
          lower(r.created_contract?.hash),
          r.value,
          r.type,
          r.gas_limit,
          r.success ? '0' : '1',
        ]),
    );
    // Token transfers of every standard, flattened one per id: the same multiset as REST's.
    const restTransfers = (await rest(`/addresses/${address}/token-transfers`)).map((t) =>
      [
        t.transaction_hash,
        lower(t.token.address_hash),
        lower(t.from.hash),
        lower(t.to.hash),
        t.total.token_id ?? '',
        // An NFT transfer (an ERC-404's too) moves one id: Etherscan lists no amount.
        t.total.token_id != null && t.token.type !== 'ERC-1155' ? '1' : (t.total.value ?? '1'),
      ].join(' '),
    );
    const mine: string[] = [];
    for (const action of ['tokentx', 'tokennfttx', 'token1155tx'])
      for (const t of await list(`module=account&action=${action}&address=${address}`))
        mine.push([t.hash, t.contractAddress, t.from, t.to, t.tokenID ?? '', t.tokenValue ?? t.value ?? '1'].join(' '));
    same(`${a} token transfers`, mine.sort(), restTransfers.sort());
    // Coin balance now (REST), and at each block it changed (REST's history and the node's eth_getBalance).
    const restAddress = await restOne(`/addresses/${address}`);
    same(
      `${a} balance`,
      (await v2(`module=account&action=balance&address=${address}`)).result,
      restAddress.coin_balance ?? '0',
    );
    for (const step of (await rest(`/addresses/${address}/coin-balance-history`)).slice(0, 4)) {
      const at = (await v2(`module=account&action=balancehistory&address=${address}&blockno=${step.block_number}`))
        .result;
      same(`${a} balance at ${step.block_number}`, at, step.value);
      same(
        `${a} balance at ${step.block_number}, node`,
        hex(at as string),
        await node('eth_getBalance', [address, hex(step.block_number)]),
      );
    }
    // Token holdings: ERC-20 balances, and the ERC-721 counts.
    const tokens = await rest(`/addresses/${address}/tokens`);
    const erc20 = tokens.filter((t) => t.token.type === 'ERC-20');
    same(
      `${a} addresstokenbalance`,
      (await v2(`module=account&action=addresstokenbalance&address=${address}&offset=1000`)).result
        .filter((t: Json) => erc20.some((r) => lower(r.token.address_hash) === t.TokenAddress))
        .map((t: Json) => `${t.TokenAddress} ${t.TokenQuantity} ${t.TokenDivisor}`)
        .sort(),
      erc20.map((r) => `${lower(r.token.address_hash)} ${r.value} ${r.token.decimals}`).sort(),
    );
    for (const t of erc20.slice(0, 3))
      same(
        `${a} tokenbalance ${t.token.address_hash}`,
        (await v2(`module=account&action=tokenbalance&address=${address}&contractaddress=${t.token.address_hash}`))
          .result,
        t.value,
      );
    same(
      `${a} addresstokennftbalance`,
      (await v2(`module=account&action=addresstokennftbalance&address=${address}&offset=1000`)).result
        .map((t: Json) => `${t.TokenAddress} ${t.TokenQuantity}`)
        .sort(),
      tokens
        .filter((t) => t.token.type === 'ERC-721')
        .map((r) => `${lower(r.token.address_hash)} ${r.value}`)
        .sort(),
    );
    // Blocks it mined, newest first; withdrawals, oldest first, in gwei.
    same(
      `${a} getminedblocks`,
      (await list(`module=account&action=getminedblocks&address=${address}`)).map((b) => [b.blockNumber, b.timeStamp]),
      (await rest(`/addresses/${address}/blocks-validated`)).map((b) => [String(b.height), unix(b.timestamp)]),
    );
    same(
      `${a} txsBeaconWithdrawal`,
      (await list(`module=account&action=txsBeaconWithdrawal&address=${address}`)).map((w) => [
        w.withdrawalIndex,
        w.validatorIndex,
        w.blockNumber,
        w.timestamp,
        String(BigInt(w.amount) * 10n ** 9n),
      ]),
      [...(await rest(`/addresses/${address}/withdrawals`))]
        .reverse()
        .map((w) => [String(w.index), String(w.validator_index), String(w.block_number), unix(w.timestamp), w.amount]),
    );
    await contractLaws(a, address);
  }
  return { violations: out, checked };

  /** A contract's ABI and record (REST's smart contract), its creation (REST's address, the node's transaction). */
  async function contractLaws(a: string, address: string) {
    const restAddress = await restOne(`/addresses/${address}`);
    if (!restAddress.is_contract) return;
    const restContract = await restOne(`/smart-contracts/${address}`);
    const abi = await v2(`module=contract&action=getabi&address=${address}`);
    const [record] = (await v2(`module=contract&action=getsourcecode&address=${address}`)).result as Json[];
    if (restContract.is_verified) {
      same(`${a} getabi`, JSON.parse(abi.result), restContract.abi);
      same(
        `${a} getsourcecode`,
        [
          record!.ContractName,
          record!.CompilerVersion.replace(/^vyper:/, 'v'),
          record!.OptimizationUsed,
          record!.ContractFileName,
        ],
        [
          restContract.name,
          restContract.compiler_version,
          restContract.optimization_enabled ? '1' : '0',
          restContract.file_path ?? '',
        ],
      );
      // The main file, as it is or inside the standard-JSON input.
      const source = record!.SourceCode.startsWith('{{')
        ? JSON.parse(record!.SourceCode.slice(1, -1)).sources[restContract.file_path].content
        : record!.SourceCode;
      same(`${a} getsourcecode source`, source, restContract.source_code);
      same(
        `${a} getsourcecode proxy`,
        [record!.Proxy, record!.Implementation],
        restAddress.implementations?.length ? ['1', lower(restAddress.implementations[0].address_hash)] : ['0', ''],
      );
    } else {
      same(`${a} getabi, unverified`, abi, {
        status: '0',
        message: 'NOTOK',
        result: 'Contract source code not verified',
      });
      same(
        `${a} getsourcecode, unverified`,
        [record!.ABI, record!.SimilarMatch],
        ['Contract source code not verified', lower(restContract.verified_twin_address_hash)],
      );
    }
    if (restAddress.creation_transaction_hash) {
      const creation = (await v2(`module=contract&action=getcontractcreation&contractaddresses=${address}`)).result[0];
      same(
        `${a} getcontractcreation`,
        [creation.contractAddress, creation.txHash, creation.creationBytecode],
        [a, restAddress.creation_transaction_hash, restContract.creation_bytecode ?? creation.creationBytecode],
      );
      const tx = (await node('eth_getTransactionByHash', [creation.txHash])) as Json;
      same(
        `${a} getcontractcreation, node`,
        [creation.contractCreator, creation.blockNumber],
        [tx.from, String(Number(tx.blockNumber))],
      );
      if (creation.contractFactory === '') same(`${a} creation input, node`, creation.creationBytecode, tx.input);
    }
  }
}
