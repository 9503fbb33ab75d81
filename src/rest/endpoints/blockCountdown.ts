import { blockCountdown as countdownOf } from '../../domain/blockCountdown.js';
import { elixirFloat } from '../../domain/elixirFloat.js';
import type { EndpointHandler } from '../endpoint.js';
import { ApiError, invalidParameter } from '../errors.js';
import { jsonResponse } from '../response.js';

const DIGITS = /^[0-9]{1,16}$/;

/** A block height from the path: a non-negative integer (below 2^53); 422 otherwise. */
function heightParam(raw: string): number {
  if (!DIGITS.test(raw) || Number(raw) > Number.MAX_SAFE_INTEGER)
    throw invalidParameter('/block_number_param', `Invalid integer. Got: "${raw.slice(0, 80)}"`);
  return Number(raw);
}

/**
 * `/blocks/{height}/countdown`: how many blocks and seconds until a future block, every value a
 * string; 404 once the head has reached it.
 */
export const blockCountdown: EndpointHandler = (ctx, [raw]) => {
  const countdown = countdownOf(ctx.facts, heightParam(raw!));
  if (!countdown) throw new ApiError(404, 'Block number already mined');
  return jsonResponse(200, {
    current_block_number: String(countdown.current),
    countdown_block_number: String(countdown.target),
    remaining_blocks_count: String(countdown.remaining),
    estimated_time_in_seconds: elixirFloat(countdown.estimatedSeconds),
  });
};
