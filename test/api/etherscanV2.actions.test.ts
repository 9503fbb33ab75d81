import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/handler/createHandler.js';

type Json = Record<string, any>;

const handler = createHandler({ scenario: 'tiny', seed: 1, cache: false, profile: 'blockscout' });
const { chain } = handler;
const v2 = async (query: string, init?: RequestInit): Promise<Json> =>
  (await (await handler(new Request(`http://mock/v2/api?chainid=${chain.chainId}&${query}`, init))).json()) as Json;
const notOk = (result: string) => ({ status: '0', message: 'NOTOK', result });

describe("Etherscan's API v2: the account module's answers and refusals", () => {
  it('refuses a bad address, an oversized window; an address with nothing is Etherscan’s empty list', async () => {
    expect(await v2('module=account&action=txlist&address=0x12')).toEqual(notOk('Error! Invalid address format'));
    expect(await v2('module=account&action=balance')).toEqual(notOk('Error! Invalid address format'));
    expect(await v2(`module=account&action=txlist&address=${chain.handles.whale}&page=101&offset=100`)).toEqual(
      notOk('Result window is too large, PageNo x Offset size must be less than or equal to 10000'),
    );
    expect(await v2(`module=account&action=txlist&address=${chain.handles.emptyAddress}`)).toEqual({
      status: '0',
      message: 'No transactions found',
      result: [],
    });
    // Past the last page: the same empty list.
    expect((await v2(`module=account&action=txlist&address=${chain.handles.whale}&page=9999&offset=1`)).message).toBe(
      'No transactions found',
    );
  });

  it('lists oldest first by default, every value a string, Etherscan’s keys in its order', async () => {
    const { result } = await v2(`module=account&action=txlist&address=${chain.handles.whale}&offset=2&page=1`);
    expect(Object.keys(result[0])).toEqual([
      'blockNumber',
      'timeStamp',
      'hash',
      'nonce',
      'blockHash',
      'transactionIndex',
      'from',
      'to',
      'value',
      'gas',
      'gasPrice',
      'isError',
      'txreceipt_status',
      'input',
      'contractAddress',
      'cumulativeGasUsed',
      'gasUsed',
      'confirmations',
      'methodId',
      'functionName',
    ]);
    for (const value of Object.values(result[0])) expect(typeof value).toBe('string');
    expect(Number(result[0].blockNumber)).toBeLessThanOrEqual(Number(result[1].blockNumber));
    // foundry sends startBlock/endBlock and page=0: read case-blind, page 0 as the first.
    const foundry = await v2(
      `module=account&action=txlist&address=${chain.handles.whale}&startBlock=0&endBlock=99999999&page=0&offset=2&sort=asc`,
    );
    expect(foundry.result).toEqual(result);
  });

  it('keeps each token list to its standard, an ERC-1155 batch one row per id, input "deprecated"', async () => {
    const batch = chain.transactions.at(chain.transactionByHash.get(chain.handles.erc1155BatchTransaction!)!)!;
    const token = chain.accounts[chain.tokenTransfers.at(batch.tokenTransferStart)!.tokenId]!.lower;
    const rows = (await v2(`module=account&action=token1155tx&contractaddress=${token}`)).result as Json[];
    const ofBatch = rows.filter((r) => r.hash === chain.handles.erc1155BatchTransaction);
    expect(ofBatch.length).toBe(chain.tokenTransfers.at(batch.tokenTransferStart)!.tokenIds!.length);
    expect(Object.keys(ofBatch[0]!).slice(0, 6)).toEqual([
      'blockNumber',
      'timeStamp',
      'hash',
      'nonce',
      'blockHash',
      'transactionIndex',
    ]);
    const erc20 = (await v2(`module=account&action=tokentx&contractaddress=${chain.handles.erc20Token}&offset=20`))
      .result as Json[];
    for (const row of erc20) {
      expect(row).toMatchObject({ input: 'deprecated', contractAddress: chain.handles.erc20Token!.toLowerCase() });
      expect(row.methodId).toMatch(/^0x[0-9a-f]{8}$/);
    }
    // The method called, named as Etherscan names it (a creation's mint names none).
    expect(erc20.some((row) => /^\w+\((\w+ \w+(, )?)*\)$/.test(row.functionName))).toBe(true);
    expect(await v2(`module=account&action=tokennfttx&contractaddress=${chain.handles.erc20Token}`)).toEqual({
      status: '0',
      message: 'No transactions found',
      result: [],
    });
    expect(await v2('module=account&action=tokentx')).toEqual(notOk('Error! Invalid address format'));
  });

  it('balancemulti answers each address; fundedby names the first transfer into an account without code', async () => {
    const addresses = [chain.handles.whale!, chain.handles.emptyAddress!];
    const { result } = await v2(`module=account&action=balancemulti&address=${addresses.join(',')}`);
    expect(result.map((r: Json) => r.account)).toEqual(addresses.map((a) => a.toLowerCase()));
    const funded = (await v2(`module=account&action=fundedby&address=${chain.handles.whale}`)).result;
    expect(Object.keys(funded)).toEqual(['block', 'timeStamp', 'fundingAddress', 'fundingTxn', 'value']);
    const t = chain.transactions.at(chain.transactionByHash.get(funded.fundingTxn)!)!;
    expect(t.block).toBe(funded.block);
    expect((await v2(`module=account&action=fundedby&address=${chain.handles.erc20Token}`)).status).toBe('0');
  });
});

describe("Etherscan's API v2: the other modules' answers and refusals", () => {
  it('transaction: getstatus names a failure’s reason; gettxreceiptstatus is empty for a transaction never mined', async () => {
    const failed = chain.transactions.at(chain.transactionByHash.get(chain.handles.failedTransaction!)!)!;
    expect((await v2(`module=transaction&action=getstatus&txhash=${chain.handles.failedTransaction}`)).result).toEqual({
      isError: '1',
      errDescription: failed.revertReason ?? 'execution reverted',
    });
    expect((await v2(`module=transaction&action=gettxreceiptstatus&txhash=0x${'1'.repeat(64)}`)).result).toEqual({
      status: '',
    });
    expect(await v2('module=transaction&action=getstatus&txhash=0x1')).toEqual(notOk('Error! Invalid txhash format'));
  });

  it('block: getblocknobytime is a string; a countdown to a passed block is refused', async () => {
    const head = chain.blocks.at(chain.headHeight)!;
    expect(await v2(`module=block&action=getblocknobytime&timestamp=${head.timestamp + 100}&closest=before`)).toEqual({
      status: '1',
      message: 'OK',
      result: String(chain.headHeight),
    });
    expect(await v2(`module=block&action=getblocknobytime&timestamp=${head.timestamp + 100}&closest=after`)).toEqual(
      notOk('Error! No closest block found'),
    );
    expect(await v2(`module=block&action=getblockcountdown&blockno=${chain.headHeight}`)).toEqual(
      notOk('Error! Block number already pass'),
    );
    const ahead = (await v2(`module=block&action=getblockcountdown&blockno=${chain.headHeight + 10}`)).result;
    expect(ahead).toMatchObject({ RemainingBlock: '10', CountdownBlock: String(chain.headHeight + 10) });
    expect(ahead.EstimateTimeInSec).toMatch(/^\d+\.\d$/);
  });

  it('logs: hex quantities with zero as 0x, only the log’s own topics; none found is Etherscan’s No records found', async () => {
    const { result } = await v2(`module=logs&action=getLogs&address=${chain.handles.erc20Token}&offset=5`);
    expect(result.length).toBe(5);
    for (const log of result) {
      expect(Object.keys(log)).toEqual([
        'address',
        'topics',
        'data',
        'blockNumber',
        'blockHash',
        'timeStamp',
        'gasPrice',
        'gasUsed',
        'logIndex',
        'transactionHash',
        'transactionIndex',
      ]);
      expect(log.logIndex).toMatch(/^0x([1-9a-f][0-9a-f]*)?$/);
      expect(log.topics.every((t: unknown) => typeof t === 'string')).toBe(true);
    }
    expect(await v2(`module=logs&action=getLogs&address=${chain.handles.emptyAddress}`)).toEqual({
      status: '0',
      message: 'No records found',
      result: [],
    });
    expect(await v2('module=logs&action=getLogs&topic0=0x12')).toEqual(notOk('Error! Invalid topic0 format'));
  });

  it('gastracker: prices in gwei over the head’s base fee; gasestimate the wait of the tier paid', async () => {
    const oracle = (await v2('module=gastracker&action=gasoracle')).result;
    expect(Object.keys(oracle)).toEqual([
      'LastBlock',
      'SafeGasPrice',
      'ProposeGasPrice',
      'FastGasPrice',
      'suggestBaseFee',
      'gasUsedRatio',
    ]);
    expect(oracle.gasUsedRatio.split(',').length).toBe(5);
    for (const tier of ['SafeGasPrice', 'ProposeGasPrice', 'FastGasPrice', 'suggestBaseFee'])
      expect(oracle[tier]).toMatch(/^\d+(\.\d{1,9})?$/);
    expect((await v2('module=gastracker&action=gasestimate&gasprice=1')).result).toBe('36');
    expect((await v2(`module=gastracker&action=gasestimate&gasprice=${10n ** 15n}`)).result).toBe('12');
  });

  it('stats: the supply’s parts add up; daily series need both dates; the price in USD', async () => {
    const parts = (await v2('module=stats&action=ethsupply2')).result;
    expect(BigInt(parts.EthSupply) + BigInt(parts.Eth2Staking) - BigInt(parts.BurntFees)).toBe(chain.totalSupply);
    expect((await v2('module=stats&action=ethprice')).result.ethusd).toBe(chain.exchangeRate);
    expect(await v2('module=stats&action=dailytx&startdate=2024-01-01')).toEqual(
      notOk('Error! Missing Or invalid enddate'),
    );
    const size = (await v2('module=stats&action=chainsize&startdate=2000-01-01&enddate=2100-01-01')).result;
    expect(size.at(-1).blockNumber).toBe(String(chain.headHeight));
  });

  it('proxy: the node’s JSON-RPC answer, its id Etherscan’s (the request’s, else 1)', async () => {
    const answer = await v2('module=proxy&action=eth_blockNumber');
    expect(answer).toEqual({ jsonrpc: '2.0', id: 1, result: `0x${chain.headHeight.toString(16)}` });
    expect((await v2('module=proxy&action=eth_blockNumber&id=83')).id).toBe(83);
    expect(await v2('module=proxy&action=eth_sign')).toEqual(notOk('Error! Missing Or invalid Action name'));
  });
});
