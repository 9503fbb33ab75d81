import { testKey } from '../../src/chain/testKeys.js';
import { createHandler, type MockHandler } from '../../src/handler/createHandler.js';
import { walkPagesAsync } from '../../src/rest/walkPages.js';
import { rpc, signed } from '../wallet/sendHelpers.js';
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
    await logLaws(a, address);
    await tokenLaws(a, address);
    for (const t of restTxs.slice(0, 3)) await transactionLaws(t);
  }
  await chainLaws();
  await proxyLaws();
  return { violations: out, checked };

  /** The proxy module's answers: the node's, byte for byte, for the same method and parameters. */
  async function proxyLaws() {
    const raw = async (url: string, init?: RequestInit) =>
      (await fetcher(new Request(`http://mock${url}`, init))).text();
    const nodeText = (method: string, params: unknown[]) =>
      raw('/rpc', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
    const proxy = (query: string) => raw(`/v2/api?chainid=${chainid}&module=proxy&${query}`);
    const head = Number((await v2('module=proxy&action=eth_blockNumber')).result);
    const tx = (await rest('/transactions')).find((t) => t.block_number !== null)!;
    const address = sample.addresses[0]!;
    // A contract among the addresses (the first with code), for the calls.
    let token = address;
    for (const a of sample.addresses)
      if ((await node('eth_getCode', [a, 'latest'])) !== '0x') {
        token = a;
        break;
      }
    const at = hex(head);
    for (const [query, method, params] of [
      ['action=eth_blockNumber', 'eth_blockNumber', []],
      [`action=eth_getBlockByNumber&tag=${at}&boolean=true`, 'eth_getBlockByNumber', [at, true]],
      [`action=eth_getBlockByNumber&tag=latest&boolean=false`, 'eth_getBlockByNumber', ['latest', false]],
      [`action=eth_getBlockTransactionCountByNumber&tag=${at}`, 'eth_getBlockTransactionCountByNumber', [at]],
      [
        `action=eth_getUncleByBlockNumberAndIndex&tag=${at}&index=0x0`,
        'eth_getUncleByBlockNumberAndIndex',
        [at, '0x0'],
      ],
      [`action=eth_getTransactionByHash&txhash=${tx.hash}`, 'eth_getTransactionByHash', [tx.hash]],
      [`action=eth_getTransactionReceipt&txhash=${tx.hash}`, 'eth_getTransactionReceipt', [tx.hash]],
      [
        `action=eth_getTransactionByBlockNumberAndIndex&tag=${hex(tx.block_number)}&index=${hex(tx.position)}`,
        'eth_getTransactionByBlockNumberAndIndex',
        [hex(tx.block_number), hex(tx.position)],
      ],
      [`action=eth_getTransactionCount&address=${address}&tag=latest`, 'eth_getTransactionCount', [address, 'latest']],
      [`action=eth_getCode&address=${token}&tag=latest`, 'eth_getCode', [token, 'latest']],
      [
        `action=eth_getStorageAt&address=${token}&position=0x0&tag=latest`,
        'eth_getStorageAt',
        [token, '0x0', 'latest'],
      ],
      ['action=eth_gasPrice', 'eth_gasPrice', []],
      [
        `action=eth_call&to=${token}&data=0x18160ddd&tag=latest`,
        'eth_call',
        [{ to: token, data: '0x18160ddd' }, 'latest'],
      ],
      [
        `action=eth_estimateGas&to=${address}&value=0x1&from=${address}`,
        'eth_estimateGas',
        [{ from: address, to: address, value: '0x1' }],
      ],
      // The node's own errors, in its words.
      ['action=eth_getTransactionByHash&txhash=0x12', 'eth_getTransactionByHash', ['0x12']],
      ['action=eth_getBlockByNumber&tag=12&boolean=true', 'eth_getBlockByNumber', ['12', true]],
    ] as const) {
      const answer = await nodeText(method, params as unknown as unknown[]);
      same(`proxy ${query}`, await proxy(query), answer);
      // Agreeing on an internal error is no agreement: the node's answer must be a result or its own error.
      same(`node ${method} is no internal error`, /"code":-32603\b/.test(answer), false);
    }
  }

  /** An address's logs, oldest first: REST's (newest first) reversed, and the node's `eth_getLogs`. */
  async function logLaws(a: string, address: string) {
    const restLogs = await rest(`/addresses/${address}/logs`);
    const logs = await v2(`module=logs&action=getLogs&address=${address}&fromBlock=0&toBlock=latest`);
    if (!restLogs.length) {
      same(`${a} getLogs, none`, logs, { status: '0', message: 'No records found', result: [] });
      return;
    }
    const mine = (logs.result as Json[]).map((l) => [
      l.transactionHash,
      Number(l.logIndex === '0x' ? 0 : l.logIndex),
      l.topics,
      l.data,
      Number(l.blockNumber === '0x' ? 0 : l.blockNumber),
      l.blockHash,
    ]);
    same(
      `${a} getLogs`,
      mine,
      [...restLogs]
        .reverse()
        .slice(0, 1_000)
        .map((l) => [
          l.transaction_hash,
          l.index,
          l.topics.filter((t: string | null) => t !== null),
          l.data,
          l.block_number,
          l.block_hash,
        ]),
    );
    const nodeLogs = (await node('eth_getLogs', [{ address, fromBlock: '0x0', toBlock: 'latest' }])) as Json[];
    same(
      `${a} getLogs, node`,
      mine,
      nodeLogs
        .slice(0, 1_000)
        .map((l) => [l.transactionHash, Number(l.logIndex), l.topics, l.data, Number(l.blockNumber), l.blockHash]),
    );
    // topic0 alone, and or-ed with a topic no log has: the same logs.
    const topic0 = (logs.result as Json[])[0]!.topics[0] as string;
    const withTopic = (await v2(`module=logs&action=getLogs&address=${address}&topic0=${topic0}`)).result as Json[];
    same(
      `${a} getLogs topic0`,
      withTopic.map((l) => `${l.transactionHash}:${l.logIndex}`),
      (logs.result as Json[]).filter((l) => l.topics[0] === topic0).map((l) => `${l.transactionHash}:${l.logIndex}`),
    );
    const orNothing = (
      await v2(
        `module=logs&action=getLogs&address=${address}&topic0=${topic0}&topic1=0x${'ab'.repeat(32)}&topic0_1_opr=or`,
      )
    ).result as Json[];
    same(`${a} getLogs topic0 or nothing`, orNothing.length, withTopic.length);
  }

  /** A token's supply, holders and figures: REST's token. */
  async function tokenLaws(a: string, address: string) {
    const token = await restOne(`/tokens/${address}`);
    if (!token.type) return;
    same(
      `${a} tokensupply`,
      (await v2(`module=stats&action=tokensupply&contractaddress=${address}`)).result,
      token.total_supply,
    );
    const [info] = (await v2(`module=token&action=tokeninfo&contractaddress=${address}`)).result as Json[];
    same(
      `${a} tokeninfo`,
      [info!.tokenName, info!.symbol, info!.divisor, info!.totalSupply, info!.tokenType],
      [token.name, token.symbol, token.decimals ?? '0', token.total_supply, token.type.replace('-', '')],
    );
    const holders = (await rest(`/tokens/${address}/holders`)).filter(
      (h) => h.address.hash !== '0x0000000000000000000000000000000000000000',
    );
    same(
      `${a} tokenholdercount`,
      (await v2(`module=token&action=tokenholdercount&contractaddress=${address}`)).result,
      String(holders.length),
    );
    if (token.type === 'ERC-20')
      same(
        `${a} tokenholderlist`,
        ((await v2(`module=token&action=tokenholderlist&contractaddress=${address}&offset=1000`)).result as Json[])
          .map((h) => `${h.TokenHolderAddress} ${h.TokenHolderQuantity}`)
          .sort(),
        holders.map((h) => `${lower(h.address.hash)} ${h.value}`).sort(),
      );
  }

  /** A transaction's status: REST's and the node's receipt. */
  async function transactionLaws(t: Json) {
    const receipt = (await node('eth_getTransactionReceipt', [t.hash])) as Json;
    same(
      `${t.hash} status`,
      [
        (await v2(`module=transaction&action=gettxreceiptstatus&txhash=${t.hash}`)).result.status,
        (await v2(`module=transaction&action=getstatus&txhash=${t.hash}`)).result.isError,
      ],
      [receipt.status === '0x1' ? '1' : '0', t.status === 'ok' ? '0' : '1'],
    );
  }

  /** Blocks (rewards, miners, times), the gas oracle, the supply and the daily series. */
  async function chainLaws() {
    const blocks = await rest('/blocks');
    const head = blocks[0]!;
    for (const block of blocks.filter((_, k) => k % 7 === 0)) {
      const reward = (await v2(`module=block&action=getblockreward&blockno=${block.height}`)).result as Json;
      same(
        `block ${block.height} reward`,
        [reward.blockMiner, reward.timeStamp, reward.blockReward],
        [
          lower(block.miner.hash),
          unix(block.timestamp),
          block.rewards.find((r: Json) => r.type === 'Miner Reward' || r.type === 'validator')?.reward ?? '0',
        ],
      );
      // The block at its own time: the first of its second after, the last before.
      const before = (
        await v2(`module=block&action=getblocknobytime&timestamp=${unix(block.timestamp)}&closest=before`)
      ).result;
      const same_second = blocks.filter((b) => b.timestamp === block.timestamp).map((b) => String(b.height));
      same(`block ${block.height} by time`, same_second.includes(before), true);
    }
    // The gas oracle: the explorer's tiers over the head's base fee, the node's price and next base fee, the blocks' ratios.
    const oracle = (await v2('module=gastracker&action=gasoracle')).result as Json;
    const stats = await restOne('/stats');
    const toWei = (gwei: string) => {
      const [whole, fraction = ''] = gwei.split('.');
      return String(BigInt(whole!) * 10n ** 9n + BigInt(fraction.padEnd(9, '0') || '0'));
    };
    same(
      'gasoracle tiers',
      [oracle.LastBlock, toWei(oracle.SafeGasPrice), toWei(oracle.ProposeGasPrice), toWei(oracle.FastGasPrice)],
      [String(head.height), stats.gas_prices.slow.wei, stats.gas_prices.average.wei, stats.gas_prices.fast.wei],
    );
    same('gasoracle propose, node', hex(toWei(oracle.ProposeGasPrice)), await node('eth_gasPrice', []));
    const history = (await node('eth_feeHistory', ['0x5', 'latest', []])) as Json;
    same('gasoracle suggestBaseFee, node', hex(toWei(oracle.suggestBaseFee)), history.baseFeePerGas.at(-1));
    same(
      'gasoracle gasUsedRatio',
      oracle.gasUsedRatio.split(',').map(Number),
      blocks
        .slice(0, 5)
        .reverse()
        .map((b) => Number(b.gas_used) / Number(b.gas_limit)),
    );
    // The supply's parts: burnt fees and withdrawals as REST's blocks and withdrawals sum them; the rest is every balance.
    const parts = (await v2('module=stats&action=ethsupply2')).result as Json;
    same(
      'ethsupply2 BurntFees',
      parts.BurntFees,
      String(blocks.reduce((sum, b) => sum + BigInt(b.burnt_fees ?? 0), 0n)),
    );
    const withdrawals = await rest('/withdrawals');
    same(
      'ethsupply2 WithdrawnTotal',
      parts.WithdrawnTotal,
      String(withdrawals.reduce((sum, w) => sum + BigInt(w.amount), 0n)),
    );
    const blockscoutSupply = JSON.parse(
      await (await fetcher(new Request('http://mock/api?module=stats&action=ethsupply'))).text(),
    );
    same(
      'ethsupply2 balances',
      String(BigInt(parts.EthSupply) + BigInt(parts.Eth2Staking) - BigInt(parts.BurntFees)),
      blockscoutSupply.result,
    );
    same('ethsupply', (await v2('module=stats&action=ethsupply')).result, parts.EthSupply);
    // Daily series: the stats service's lines.
    const range = 'startdate=2000-01-01&enddate=2100-12-31';
    for (const [action, field, line] of [
      ['dailytx', 'transactionCount', 'newTxns'],
      ['dailytxnfee', 'transactionFee_Eth', 'txnsFee'],
      ['dailyblkcount', 'blockCount', 'newBlocks'],
    ] as const) {
      const series = (await v2(`module=stats&action=${action}&${range}`)).result as Json[];
      const chart = (
        JSON.parse(
          await (await fetcher(new Request(`http://mock/stats-service/api/v1/lines/${line}?resolution=DAY`))).text(),
        ) as Json
      ).chart as Json[];
      const byDay = new Map(chart.map((p) => [p.date, Number(p.value)]));
      same(
        `${action} against ${line}`,
        series.map((d) => [d.UTCDate, Number(d[field]).toPrecision(12)]),
        series.map((d) => [d.UTCDate, (byDay.get(d.UTCDate) ?? 0).toPrecision(12)]),
      );
    }
  }

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

/** Every handle that names an address: each kind of account and contract a scenario has. */
const handleAddresses = (handler: MockHandler) =>
  Object.values(handler.chain.handles).filter((h) => /^0x[0-9a-fA-F]{40}$/.test(h));

/**
 * The laws on one chain (every handle's address), then on it mined 2 blocks further and after a
 * send through Etherscan's proxy module (the sender, the receiver and the busiest addresses).
 * Returns the violations, and how many facts each round compared.
 */
export async function lawsOfChain(
  scenario: string,
  seed: string | number,
): Promise<{ violations: string[]; checked: [number, number] }> {
  const handler = createHandler({ scenario, seed, cache: false, profile: 'blockscout' });
  const { chainId } = handler.chain;
  const { whale, busyAddress } = handler.chain.handles;
  const first = await v2Violations(handler, chainId, {
    addresses: handleAddresses(handler),
    paged: [whale!, busyAddress!],
  });
  handler.mine(2);
  const key = testKey(0);
  const to = '0x000000000000000000000000000000000000dEaD';
  const raw = await signed(handler, key.privateKey, { to, value: 10n ** 15n });
  const sent = await sendRaw(handler, chainId, raw);
  const after = await v2Violations(handler, chainId, {
    addresses: [key.address, to, whale!, busyAddress!],
    paged: [key.address],
  });
  const mined = (await rpc(handler, 'eth_getTransactionReceipt', [sent])).json.result?.status;
  return {
    violations: [
      ...first.violations,
      ...(mined === '0x1' ? [] : [`the send ${sent} was not mined: ${mined}`]),
      ...after.violations.map((v) => `after mining and a send: ${v}`),
    ],
    checked: [first.checked, after.checked],
  };
}

/** Sends signed bytes as a client of Etherscan's API does (`proxy/eth_sendRawTransaction`, POSTed); the hash. */
async function sendRaw(handler: MockHandler, chainid: number, raw: string): Promise<string> {
  const response = await handler(
    new Request(`http://mock/v2/api?chainid=${chainid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `module=proxy&action=eth_sendRawTransaction&hex=${raw}`,
    }),
  );
  return ((await response.json()) as { result: string }).result;
}
