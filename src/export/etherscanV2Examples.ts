import type { Chain } from '../chain/types.js';
import { utcDay } from '../domain/chainStats.js';

/**
 * One URL for every read of Etherscan's API v2 (each action on an entity the chain holds that
 * gives it content; no verification or send), and `/v2/chainlist`: what a client of Etherscan
 * reads, for an export to hold beside the REST routes.
 */
export function etherscanV2Examples(chain: Chain): string[] {
  const lower = (hash: string | undefined) => hash?.toLowerCase();
  const account = lower(chain.handles.whale) ?? chain.accounts[chain.zeroId]!.lower;
  const tokenOf = (type: string) =>
    chain.accounts.find((a) => a.contract?.token?.type === type && a.contract.creationStatus !== 'failed')?.lower;
  const erc20 = tokenOf('ERC-20') ?? account;
  const erc721 = tokenOf('ERC-721') ?? account;
  const erc1155 = tokenOf('ERC-1155') ?? account;
  // A verified contract some transaction created (not one predeployed at genesis).
  const contract =
    chain.accounts.find((a) => a.contract && a.contract.verification !== 'none' && a.contract.creationTransaction >= 0)
      ?.lower ?? account;
  const head = chain.blocks.at(chain.headHeight)!;
  const miner = chain.accounts[head.minerId]!.lower;
  const lastWithdrawal = chain.withdrawals.at(chain.withdrawals.length - 1);
  const withdrawer = lastWithdrawal ? chain.accounts[lastWithdrawal.receiverId]!.lower : account;
  const transaction = chain.transactions.at(chain.transactions.length - 1)?.hash ?? `0x${'0'.repeat(64)}`;
  const day = utcDay(head.timestamp);
  const days = `startdate=${utcDay(chain.blocks.at(0)!.timestamp)}&enddate=${day}`;
  const blockTag = `0x${chain.headHeight.toString(16)}`;
  const queries = [
    `module=account&action=balance&address=${account}&tag=latest`,
    `module=account&action=balancemulti&address=${account},${miner}&tag=latest`,
    `module=account&action=balancehistory&address=${account}&blockno=${chain.headHeight}`,
    `module=account&action=txlist&address=${account}&page=1&offset=10&sort=desc`,
    `module=account&action=txlistinternal&address=${lower(chain.handles.router) ?? account}&page=1&offset=10`,
    `module=account&action=tokentx&contractaddress=${erc20}&page=1&offset=10`,
    `module=account&action=tokennfttx&contractaddress=${erc721}&page=1&offset=10`,
    `module=account&action=token1155tx&contractaddress=${erc1155}&page=1&offset=10`,
    `module=account&action=tokenbalance&contractaddress=${erc20}&address=${account}&tag=latest`,
    `module=account&action=addresstokenbalance&address=${account}&page=1&offset=100`,
    `module=account&action=addresstokennftbalance&address=${account}&page=1&offset=100`,
    `module=account&action=getminedblocks&address=${miner}&blocktype=blocks&page=1&offset=10`,
    `module=account&action=txsBeaconWithdrawal&address=${withdrawer}&page=1&offset=10`,
    `module=account&action=fundedby&address=${account}`,
    `module=contract&action=getabi&address=${contract}`,
    `module=contract&action=getsourcecode&address=${contract}`,
    `module=contract&action=getcontractcreation&contractaddresses=${contract}`,
    `module=transaction&action=getstatus&txhash=${transaction}`,
    `module=transaction&action=gettxreceiptstatus&txhash=${transaction}`,
    `module=block&action=getblockreward&blockno=${chain.headHeight}`,
    `module=block&action=getblockcountdown&blockno=${chain.headHeight + 100}`,
    `module=block&action=getblocknobytime&timestamp=${head.timestamp}&closest=before`,
    `module=logs&action=getLogs&address=${erc20}&fromBlock=0&toBlock=latest&page=1&offset=10`,
    `module=token&action=tokenholderlist&contractaddress=${erc20}&page=1&offset=10`,
    `module=token&action=tokenholdercount&contractaddress=${erc20}`,
    `module=token&action=tokeninfo&contractaddress=${erc20}`,
    'module=gastracker&action=gasoracle',
    `module=gastracker&action=gasestimate&gasprice=${head.baseFeePerGas + 10n ** 9n}`,
    'module=stats&action=ethsupply',
    'module=stats&action=ethsupply2',
    'module=stats&action=ethprice',
    `module=stats&action=tokensupply&contractaddress=${erc20}`,
    `module=stats&action=chainsize&${days}&clienttype=geth&syncmode=default&sort=asc`,
    'module=stats&action=nodecount',
    ...['dailytx', 'dailytxnfee', 'dailyblkcount', 'dailyavgblocksize', 'dailynetutilization'].map(
      (action) => `module=stats&action=${action}&${days}&sort=asc`,
    ),
    'module=proxy&action=eth_blockNumber',
    `module=proxy&action=eth_getBlockByNumber&tag=${blockTag}&boolean=true`,
    `module=proxy&action=eth_getTransactionByHash&txhash=${transaction}`,
    `module=proxy&action=eth_getTransactionReceipt&txhash=${transaction}`,
    `module=proxy&action=eth_getTransactionCount&address=${account}&tag=latest`,
    `module=proxy&action=eth_getCode&address=${contract}&tag=latest`,
    `module=proxy&action=eth_call&to=${erc20}&data=0x18160ddd&tag=latest`,
    'module=proxy&action=eth_gasPrice',
  ];
  return ['/v2/chainlist', ...queries.map((q) => `/v2/api?chainid=${chain.chainId}&${q}`)];
}
