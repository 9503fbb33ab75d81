// Prints, one per line, the Blockscout frontend pages beyond visit.mjs's core set that the mock's
// Blockscout profile is checked on (every tab of a transaction and an address, contract read/write,
// token tabs, NFT instances, search). Not part of `npm test`: the frontend needs its own install.
// usage: node ../shared/tools/blockscout-ui/visit.mjs http://localhost:4000 out $(node test/ui/blockscoutUiPages.mjs http://localhost:4000)
const mock = process.argv[2] ?? 'http://localhost:4000';
const scenario = await (await fetch(`${mock}/__mock/scenario`)).json();
const h = Object.fromEntries(
  (Array.isArray(scenario.handles)
    ? scenario.handles
    : Object.entries(scenario.handles).map(([name, value]) => ({ name, value }))
  ).map((x) => [x.name, x.value]),
);
const firstId = async (token) => (await (await fetch(`${mock}/api/v2/tokens/${token}/instances`)).json()).items[0].id;
const tx = h.liquidationTransaction;
const pages = [
  `/tx/${h.erc1155BatchTransaction}?tab=token_transfers`,
  ...['internal', 'logs', 'state', 'raw_trace'].map((tab) => `/tx/${tx}?tab=${tab}`),
  `/address/${h.router}?tab=logs`,
  `/address/${h.whale}?tab=coin_balance_history`,
  `/address/${h.validator}?tab=blocks_validated`,
  `/address/${h.whale}?tab=txs`,
  `/address/${h.router}?tab=contract`,
  `/address/${h.router}?tab=read_write_contract`,
  `/address/${h.proxy}?tab=read_write_proxy`,
  `/token/${h.erc721Token}?tab=inventory`,
  `/token/${h.erc721Token}?tab=holders`,
  `/token/${h.erc721Token}/instance/${await firstId(h.erc721Token)}`,
  `/token/${h.erc1155Token}/instance/${await firstId(h.erc1155Token)}`,
  '/search-results?q=USD',
  '/search-results?q=12',
  '/block/12?tab=withdrawals',
  '/verified-contracts',
  '/tokens',
  `/address/${h.emptyAddress}`,
];
process.stdout.write(`${pages.join('\n')}\n`);
