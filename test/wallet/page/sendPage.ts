// A dApp page, as small as one can be: sends with viem from a test key, then polls the explorer's
// REST API until the transaction is confirmed. Bundled for the browser by the browser test.
import { createWalletClient, defineChain, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** What the page offers the test: send, then wait for the explorer to show the transaction confirmed. */
export type SendAndConfirm = (
  mock: string,
  key: `0x${string}`,
) => Promise<{ hash: string; seen: string[]; block: number }>;

const sendAndConfirm: SendAndConfirm = async (mock, key) => {
  const { node } = (await (await fetch(`${mock}/__mock/scenario`)).json()) as { node: { chainId: number } };
  const chain = defineChain({
    id: node.chainId,
    name: 'explorer-mock',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`${mock}/rpc`] } },
  });
  const wallet = createWalletClient({ account: privateKeyToAccount(key), chain, transport: http() });
  const hash = await wallet.sendTransaction({
    to: '0x000000000000000000000000000000000000dEaD',
    value: parseEther('0.1'),
  });
  const seen: string[] = [];
  for (;;) {
    const response = await fetch(`${mock}/api/v2/transactions/${hash}`);
    const body = response.status === 200 ? ((await response.json()) as { result: string; block_number: number }) : null;
    seen.push(body ? body.result : String(response.status));
    if (body?.result === 'success') return { hash, seen, block: body.block_number };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
(globalThis as unknown as { sendAndConfirm: SendAndConfirm }).sendAndConfirm = sendAndConfirm;
