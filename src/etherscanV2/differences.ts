/**
 * Where Etherscan's own API (`/v2/api`) answers otherwise than Blockscout's Etherscan-compatible
 * flavour (`/api`), each with its sources: Blockscout's file (tag v11.2.7, under
 * `apps/block_scout_web/lib/block_scout_web/`) and Etherscan's documentation page (under
 * docs.etherscan.io) or the client that reads the field. `docs/etherscan-v2.md` shows this table,
 * and `test/api/etherscanV2.differences.test.ts` asks both APIs for each row.
 */
export interface Difference {
  readonly what: string;
  readonly blockscout: string;
  readonly etherscan: string;
  readonly blockscoutSource: string;
  readonly etherscanSource: string;
}

const RPC = 'controllers/api/rpc';
const VIEWS = 'views/api/rpc';
const DOCS = 'docs.etherscan.io/api-reference/endpoint';
const ERRORS = 'docs.etherscan.io/resources/common-error-messages';

// biome-ignore format: one difference per line
export const DIFFERENCES: readonly Difference[] = [
  { what: 'Path and chain', blockscout: '`/api`; `chainid` ignored', etherscan: '`/v2/api`; `chainid` required and checked: `Missing or unsupported chainid parameter (required for v2 api), …`', blockscoutSource: `${RPC}/rpc_translator.ex`, etherscanSource: ERRORS },
  { what: 'Envelope', blockscout: 'keys `message`, `result`, `status`', etherscan: 'keys `status`, `message`, `result`', blockscoutSource: `${VIEWS}/rpc_view.ex`, etherscanSource: DOCS },
  { what: 'Errors', blockscout: 'the error in `message`, `result` null', etherscan: '`message` `NOTOK`, the error in `result`', blockscoutSource: `${VIEWS}/rpc_view.ex`, etherscanSource: ERRORS },
  { what: 'Unknown module or action', blockscout: 'HTTP 400 `Unknown module` / `Unknown action`', etherscan: 'HTTP 200 `Error! Missing Or invalid Module name` / `Action name`', blockscoutSource: `${RPC}/rpc_translator.ex`, etherscanSource: ERRORS },
  { what: 'Parameter names', blockscout: 'as spelt: `startBlock` is not `startblock`', etherscan: 'any case: wagmi sends `chainId`, foundry `startBlock`', blockscoutSource: `${RPC}/address_controller.ex`, etherscanSource: '@wagmi/cli `plugins/etherscan`, foundry-rs/block-explorers `account.rs`' },
  { what: 'A bad address', blockscout: '`Invalid address format`', etherscan: '`Error! Invalid address format`', blockscoutSource: `${RPC}/address_controller.ex`, etherscanSource: ERRORS },
  { what: 'List order', blockscout: 'newest first unless `sort=asc`', etherscan: 'oldest first unless `sort=desc`', blockscoutSource: `${RPC}/address_controller.ex`, etherscanSource: `${DOCS}/txlist` },
  { what: '`txlist`', blockscout: 'no `functionName`; `confirmations` head − block', etherscan: '`functionName`; `confirmations` counts the transaction\'s own block, as REST v2 and the node do', blockscoutSource: `${VIEWS}/address_view.ex`, etherscanSource: `${DOCS}/txlist` },
  { what: '`tokentx` and kin', blockscout: '`methodId` without 0x; `input` the transaction\'s; `tokenDecimal` empty for NFTs', etherscan: '`methodId` with 0x; `input` the word `deprecated`; `tokenDecimal` `0` for NFTs', blockscoutSource: `${VIEWS}/address_view.ex`, etherscanSource: `${DOCS}/tokentx` },
  { what: 'ERC-404 transfers', blockscout: '`token404tx`', etherscan: 'no such action: amounts in `tokentx`, ids in `tokennfttx`', blockscoutSource: `${RPC}/address_controller.ex`, etherscanSource: `${DOCS}/tokennfttx` },
  { what: '`txlistinternal`', blockscout: '`transactionHash`, `index`, `callType`; zero-value calls with `include_zero_value=true`', etherscan: '`hash`, `traceId`; by transaction hash neither', blockscoutSource: `${VIEWS}/address_view.ex`, etherscanSource: `${DOCS}/txlistinternal` },
  { what: '`getminedblocks`', blockscout: '`timeStamp` like `2024-05-01 12:00:00.000000Z`; no reward', etherscan: '`timeStamp` unix seconds; `blockReward`', blockscoutSource: `${VIEWS}/address_view.ex`, etherscanSource: `${DOCS}/getminedblocks` },
  { what: '`balance` of several addresses', blockscout: 'answered as `balancemulti`', etherscan: 'one address; `balancemulti` for several, without `stale`', blockscoutSource: `${RPC}/address_controller.ex`, etherscanSource: `${DOCS}/balancemulti` },
  { what: '`getblockreward`', blockscout: '`timeStamp` a JSON number', etherscan: 'a string', blockscoutSource: `${VIEWS}/block_view.ex`, etherscanSource: `${DOCS}/getblockreward` },
  { what: '`getblocknobytime`', blockscout: '`{"blockNumber": "…"}`', etherscan: 'a string', blockscoutSource: `${VIEWS}/block_view.ex`, etherscanSource: `${DOCS}/getblocknobytime` },
  { what: '`getabi`, unverified', blockscout: 'status 0, the text in `message`, `result` null', etherscan: '`NOTOK`, `Contract source code not verified` in `result`', blockscoutSource: `${RPC}/contract_controller.ex`, etherscanSource: `${DOCS}/getabi` },
  { what: '`getsourcecode`, unverified', blockscout: '`[{"Address": "0x…"}]`', etherscan: 'every field empty, `ABI: "Contract source code not verified"`', blockscoutSource: `${VIEWS}/contract_view.ex`, etherscanSource: `${DOCS}/getsourcecode` },
  { what: 'A verified twin (same bytecode)', blockscout: 'its record served as the contract\'s own', etherscan: 'not verified; `SimilarMatch` names it', blockscoutSource: `${RPC}/contract_controller.ex`, etherscanSource: `${DOCS}/getsourcecode` },
  { what: '`getsourcecode`, verified', blockscout: '`OptimizationUsed` `"true"`/`"false"`, `FileName`, `AdditionalSources`, `IsProxy`, `ImplementationAddress`', etherscan: '`"1"`/`"0"`, `SourceCode` as `{{…}}` standard JSON, `ContractFileName`, `Proxy`, `Implementation`, `CompilerType`, `LicenseType`, `SwarmSource`, `SimilarMatch`', blockscoutSource: `${VIEWS}/contract_view.ex`, etherscanSource: `${DOCS}/getsourcecode` },
  { what: '`getcontractcreation`', blockscout: 'up to 10 addresses', etherscan: 'up to 5; more refused', blockscoutSource: `${RPC}/contract_controller.ex`, etherscanSource: `${DOCS}/getcontractcreation` },
  { what: 'Verification GUID', blockscout: 'the address\'s 40 hex digits and the time in hex', etherscan: '50 letters and digits', blockscoutSource: 'apps/explorer/lib/explorer/chain/smart_contract/verification_status.ex', etherscanSource: `${DOCS}/verifysourcecode` },
  { what: '`checkverifystatus`', blockscout: 'the outcome at once; a failure with status 1', etherscan: '`Pending in queue` at the first poll by POST (forge\'s); a failure with status 0, `NOTOK`', blockscoutSource: `${RPC}/contract_controller.ex`, etherscanSource: 'hardhat-verify `internal/etherscan.ts`, forge `verify/etherscan`' },
  { what: 'Verifying a verified contract', blockscout: '`Smart-contract already verified.`', etherscan: '`Contract source code already verified`', blockscoutSource: `${RPC}/contract_controller.ex`, etherscanSource: 'hardhat-verify `internal/etherscan.ts`, forge `verify/etherscan`' },
  { what: 'Verifying an account without code', blockscout: '`Address is not a smart-contract`', etherscan: '`Unable to locate ContractCode at 0x…`', blockscoutSource: `${RPC}/contract_controller.ex`, etherscanSource: 'hardhat-verify `internal/etherscan.ts`' },
  { what: '`getLogs`', blockscout: 'four topics, unused ones null; zero as `0x0`; no `blockHash`', etherscan: 'the log\'s own topics; zero as `0x`; `blockHash`', blockscoutSource: `${VIEWS}/logs_view.ex`, etherscanSource: `${DOCS}/getlogs` },
  { what: '`getLogs`, none', blockscout: '`No logs found`', etherscan: '`No records found`', blockscoutSource: `${RPC}/logs_controller.ex`, etherscanSource: 'ethers `EtherscanProvider.fetch`' },
  { what: '`getLogs`, two topics', blockscout: '`topicA_B_opr` required', etherscan: '`and` when not given', blockscoutSource: `${RPC}/logs_controller.ex`, etherscanSource: `${DOCS}/getlogs` },
  { what: 'Modules', blockscout: 'no `proxy`, no `gastracker`', etherscan: 'both; the proxy module answered by the node', blockscoutSource: 'routers/api_router.ex', etherscanSource: `${DOCS}/eth_blocknumber` },
  { what: 'JSON-RPC in the API', blockscout: '`block/eth_block_number`, `account/eth_get_balance` in the explorer\'s own text', etherscan: 'the `proxy` module, the node\'s JSON-RPC text', blockscoutSource: `${RPC}/block_controller.ex`, etherscanSource: `${DOCS}/eth_blocknumber` },
  { what: '`ethsupply`', blockscout: 'every balance summed', etherscan: 'issued: without staking withdrawals, burnt fees counted (`ethsupply2` gives the parts)', blockscoutSource: `${RPC}/stats_controller.ex`, etherscanSource: `${DOCS}/ethsupply2` },
  { what: 'Rate limit', blockscout: 'HTTP 429', etherscan: 'HTTP 200, `NOTOK`, `Max calls per sec rate limit reached (n/sec)`', blockscoutSource: 'plug/rate_limit.ex', etherscanSource: 'docs.etherscan.io/resources/rate-limits' },
];
