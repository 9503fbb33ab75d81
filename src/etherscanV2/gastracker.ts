import { nextBaseFee } from '../protocol/chainSpec.js';
import { GAS_PRICE_TIERS } from '../domain/chainStats.js';
import { unitsToDecimal } from '../domain/amounts.js';
import { type Action, type EtherscanV2Context, notOk, ok } from './envelope.js';

/** Wei as gwei, exactly: a decimal string without trailing zeros. */
const gwei = (wei: bigint) => unitsToDecimal(wei, 9);

/** Blocks the oracle's `gasUsedRatio` looks back over. */
const RATIO_BLOCKS = 5;

/** The oracle's tiers over the head's base fee, in wei: the explorer's gas tracker's (the middle one the node's `suggestedGasPrice`). */
const tierPrices = (ctx: EtherscanV2Context) => {
  const base = ctx.chain.blocks.at(ctx.chain.headHeight)!.baseFeePerGas;
  return GAS_PRICE_TIERS.map((tier) => ({ ...tier, wei: base + tier.priorityFee }));
};

/**
 * `gasoracle`: the three tiers' gas prices in gwei (base fee included), the next block's base fee,
 * and the last five blocks' gas used over their limit, oldest first.
 */
const gasoracle: Action = (ctx) => {
  const head = ctx.chain.blocks.at(ctx.chain.headHeight)!;
  const [safe, propose, fast] = tierPrices(ctx);
  const ratios: string[] = [];
  for (let h = Math.max(0, head.height - RATIO_BLOCKS + 1); h <= head.height; h++) {
    const block = ctx.chain.blocks.at(h)!;
    ratios.push(String(block.gasLimit === 0 ? 0 : block.gasUsed / block.gasLimit));
  }
  return ok({
    LastBlock: String(head.height),
    SafeGasPrice: gwei(safe!.wei),
    ProposeGasPrice: gwei(propose!.wei),
    FastGasPrice: gwei(fast!.wei),
    suggestBaseFee: gwei(nextBaseFee(head)),
    gasUsedRatio: ratios.join(','),
  });
};

/** `gasestimate`: seconds a transaction paying `gasprice` (wei) waits: the wait of the cheapest tier it pays, the slowest below them. */
const gasestimate: Action = (ctx, params) => {
  const price = params.get('gasprice')?.trim();
  if (price === undefined || !/^\d{1,30}$/.test(price)) return notOk('Error! Missing Or invalid gasprice');
  const wei = BigInt(price);
  const tiers = tierPrices(ctx);
  const reached = [...tiers].reverse().find((t) => wei >= t.wei) ?? tiers[0]!;
  return ok(String(reached.waitMs / 1000));
};

export const gastrackerActions: Readonly<Record<string, Action>> = { gasoracle, gasestimate };
