import type { Abi } from 'abitype';
import * as AbiFunction from 'ox/AbiFunction';

const SELECTORS = new WeakMap<Abi, Map<string, AbiFunction.AbiFunction>>();

/** The function of an ABI a selector names (the first, as a contract's dispatcher would); each ABI's selectors are hashed once. */
export function functionBySelector(abi: Abi, selector: string): AbiFunction.AbiFunction | undefined {
  let bySelector = SELECTORS.get(abi);
  if (!bySelector) {
    bySelector = new Map();
    for (const item of abi)
      if (item.type === 'function') {
        const key = AbiFunction.getSelector(item as AbiFunction.AbiFunction);
        if (!bySelector.has(key)) bySelector.set(key, item as AbiFunction.AbiFunction);
      }
    SELECTORS.set(abi, bySelector);
  }
  return bySelector.get(selector.toLowerCase());
}

/**
 * How a contract's dispatcher takes a call, by its ABI, before any of its code runs: the function
 * the selector names, or its `receive` (empty data) or `fallback`; a call none of them takes, or
 * coin sent to one that is not payable, reverts. `eth_call` and the ledger's sent transactions
 * both ask it, so a send reverts exactly when the node said it would.
 */
export function dispatch(
  abi: Abi,
  data: `0x${string}`,
  value: bigint,
): { readonly fn?: AbiFunction.AbiFunction; readonly reverts: boolean } {
  const fn = data.length >= 10 ? functionBySelector(abi, data.slice(0, 10)) : undefined;
  if (fn) return { fn, reverts: value > 0n && fn.stateMutability !== 'payable' };
  const receive = data === '0x' && abi.some((x) => x.type === 'receive');
  if (receive) return { reverts: false };
  const fallback = abi.find((x) => x.type === 'fallback');
  return { reverts: !fallback || (value > 0n && fallback.stateMutability !== 'payable') };
}
