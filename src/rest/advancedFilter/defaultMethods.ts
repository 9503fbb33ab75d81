/** The methods the explorer's advanced filter offers before any search (`advanced_filter_controller.ex`), in its order. */
export const DEFAULT_METHODS: readonly { readonly method_id: string; readonly name: string }[] = [
  { method_id: '0xa9059cbb', name: 'transfer' },
  { method_id: '0xa0712d68', name: 'mint' },
  { method_id: '0x095ea7b3', name: 'approve' },
  { method_id: '0x40993b26', name: 'buy' },
  { method_id: '0x3593564c', name: 'execute' },
  { method_id: '0x3ccfd60b', name: 'withdraw' },
  { method_id: '0xd0e30db0', name: 'deposit' },
  { method_id: '0x0a19b14a', name: 'trade' },
  { method_id: '0x4420e486', name: 'register' },
  { method_id: '0x5f575529', name: 'swap' },
  { method_id: '0xd9627aa4', name: 'sellToUniswap' },
  { method_id: '0xe9e05c42', name: 'depositTransaction' },
  { method_id: '0x23b872dd', name: 'transferFrom' },
  { method_id: '0xa22cb465', name: 'setApprovalForAll' },
  { method_id: '0x2e7ba6ef', name: 'claim' },
  { method_id: '0x0502b1c5', name: 'unoswap' },
  { method_id: '0xb2267a7b', name: 'sendMessage' },
  { method_id: '0x9871efa4', name: 'unxswapByOrderId' },
  { method_id: '0xbf6eac2f', name: 'stake' },
  { method_id: '0x3ce33bff', name: 'bridge' },
  { method_id: '0xeb672419', name: 'requestL2Transaction' },
  { method_id: '0xe449022e', name: 'uniswapV3Swap' },
  { method_id: '0x0162e2d0', name: 'swapETHForExactTokens' },
];

/** A default method by selector or by name; the explorer looks both up as they are, so only lower-case names match. */
export const defaultMethodById = (id: string) => DEFAULT_METHODS.find((m) => m.method_id === id);
export const defaultMethodByName = (name: string) => DEFAULT_METHODS.find((m) => m.name === name);
