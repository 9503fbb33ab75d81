// A dApp's first page, as a scaffold-eth app wires it: wagmi's core actions (what its React hooks
// call) over a connector for a test account the node signs for, as on Anvil or Hardhat's node.
// It deploys the Counter, simulates and writes `increment`, reads `count`, watches `Incremented`,
// simulates a write that reverts, then asks the explorer. Bundled for the browser by the test.
import {
  connect,
  createConfig,
  deployContract,
  http,
  mock,
  readContract,
  simulateContract,
  waitForTransactionReceipt,
  watchContractEvent,
  writeContract,
} from '@wagmi/core';
import { type Abi, BaseError, ContractFunctionRevertedError, defineChain } from 'viem';

export interface CounterFlowResult {
  readonly contract: string;
  readonly deployHash: string;
  readonly writeHash: string;
  readonly count: string;
  readonly events: string[];
  readonly reverted: string;
  readonly explorer: { transaction: string; isContract: boolean; creationTransaction: string | null };
}

export type CounterFlow = (
  mockUrl: string,
  account: `0x${string}`,
  artifact: { abi: Abi; bytecode: `0x${string}` },
) => Promise<CounterFlowResult>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const counterFlow: CounterFlow = async (mockUrl, account, { abi, bytecode }) => {
  const { node } = (await (await fetch(`${mockUrl}/__mock/scenario`)).json()) as { node: { chainId: number } };
  const chain = defineChain({
    id: node.chainId,
    name: 'explorer-mock',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`${mockUrl}/rpc`] } },
  });
  const config = createConfig({
    chains: [chain],
    connectors: [mock({ accounts: [account] })],
    transports: { [chain.id]: http(`${mockUrl}/rpc`) },
  });
  await connect(config, { connector: config.connectors[0]! });

  const deployHash = await deployContract(config, { abi, bytecode, account });
  const deployed = await waitForTransactionReceipt(config, { hash: deployHash });
  const contract = deployed.contractAddress!;

  const events: string[] = [];
  const unwatch = watchContractEvent(config, {
    address: contract,
    abi,
    eventName: 'Incremented',
    pollingInterval: 100,
    onLogs: (logs) => events.push(...logs.map((l) => String((l as unknown as { args: { count: bigint } }).args.count))),
  });
  const { request } = await simulateContract(config, { address: contract, abi, functionName: 'increment', account });
  const writeHash = await writeContract(config, request);
  await waitForTransactionReceipt(config, { hash: writeHash });
  const count = String(await readContract(config, { address: contract, abi, functionName: 'count' }));
  for (let i = 0; i < 100 && events.length === 0; i++) await sleep(50);
  unwatch();

  let reverted = '';
  try {
    await simulateContract(config, { address: contract, abi, functionName: 'add', args: [1_000n], account });
  } catch (error) {
    // As a page shows it: the custom error's name, decoded from the revert data with the ABI.
    const revert = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    reverted =
      revert instanceof ContractFunctionRevertedError
        ? `${revert.data?.errorName}(${revert.data?.args?.join(', ')})`
        : String(error);
  }

  // What the explorer shows, once it has the write.
  let transaction = '';
  for (let i = 0; i < 100 && transaction !== 'success'; i++) {
    const response = await fetch(`${mockUrl}/api/v2/transactions/${writeHash}`);
    if (response.status === 200) transaction = ((await response.json()) as { result: string }).result;
    else await sleep(50);
  }
  const address = (await (await fetch(`${mockUrl}/api/v2/addresses/${contract}`)).json()) as {
    is_contract: boolean;
    creation_transaction_hash: string | null;
  };
  return {
    contract,
    deployHash,
    writeHash,
    count,
    events,
    reverted,
    explorer: {
      transaction,
      isContract: address.is_contract,
      creationTransaction: address.creation_transaction_hash,
    },
  };
};
(globalThis as unknown as { counterFlow: CounterFlow }).counterFlow = counterFlow;
