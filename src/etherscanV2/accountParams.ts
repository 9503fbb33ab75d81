import type { AccountId } from '../chain/types.js';
import { type EtherscanV2Answer, type EtherscanV2Context, notOk, type Params } from './envelope.js';
import { addressOf, integerOf, type ListOptions, listOptions } from './params.js';
import { TEXTS } from './texts.js';

/** The height a `tag` names: `latest` (or `pending`, or none) the head, `earliest` genesis, a number (hex or decimal) that block, capped at the head. */
export function heightOfTag(ctx: EtherscanV2Context, tag: string | undefined): number | undefined {
  const text = tag?.trim().toLowerCase();
  if (text === undefined || text === '' || text === 'latest' || text === 'pending') return ctx.chain.headHeight;
  if (text === 'earliest') return 0;
  const n = /^0x[0-9a-f]{1,13}$/.test(text) ? Number.parseInt(text, 16) : integerOf(text);
  return n === undefined ? undefined : Math.min(n, ctx.chain.headHeight);
}

/** The account at an address, if the chain saw it. */
export const accountAt = (ctx: EtherscanV2Context, address: string): AccountId | undefined =>
  ctx.chain.accountByHash.get(address);

/** The `address` parameter, or Etherscan's error. */
export function addressParam(params: Params, name = 'address'): string | EtherscanV2Answer {
  return addressOf(params.get(name)) ?? notOk(TEXTS.invalidAddress);
}

/** A list action's options and address, or its error (the window first). */
export function listRequest(
  ctx: EtherscanV2Context,
  params: Params,
): { o: ListOptions; address: string } | { error: EtherscanV2Answer } {
  const o = listOptions(params, ctx.chain.headHeight);
  if (o.windowTooLarge) return { error: notOk(TEXTS.window) };
  const address = addressParam(params);
  return typeof address === 'string' ? { o, address } : { error: address };
}
