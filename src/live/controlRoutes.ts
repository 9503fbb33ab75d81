import type { Mount, RouteAnswer } from '../http/answerHttp.js';
import type { Chain } from '../chain/types.js';
import { MineError } from './mineError.js';

const tooLarge = { status: 413, body: JSON.stringify({ message: 'Body too large' }) };

/** The answer to `POST /__mock/mine` with body `{"blocks": n}` (empty: one block). */
export async function mineRequest(mine: (blocks: number) => Promise<Chain>, body: string | null): Promise<RouteAnswer> {
  if (body === null) return tooLarge;
  let blocks: unknown = 1;
  if (body.trim() !== '') {
    try {
      const parsed = JSON.parse(body) as unknown;
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
      blocks = (parsed as { blocks?: unknown }).blocks ?? 1;
    } catch {
      return { status: 400, body: JSON.stringify({ message: 'Body must be a JSON object such as {"blocks": 1}' }) };
    }
  }
  try {
    const chain = await mine(blocks as number);
    const head = chain.blocks.at(chain.headHeight)!;
    return {
      status: 200,
      body: JSON.stringify({ head: chain.headHeight, hash: head.hash, timestamp: head.timestamp }),
    };
  } catch (error) {
    if (error instanceof MineError) return { status: 400, body: JSON.stringify({ message: error.message }) };
    throw error;
  }
}

/** The answer to `POST /__mock/reset`: the chain served again, as `/__mock/mine` names its head. */
export function resetAnswer(chain: Chain): RouteAnswer {
  const head = chain.blocks.at(chain.headHeight)!;
  return { status: 200, body: JSON.stringify({ head: chain.headHeight, hash: head.hash, timestamp: head.timestamp }) };
}

/** What the server's controls act on: a live chain's mining and reset, and the chain it serves. */
export interface Controlled {
  /** Mines, once the sends running on the EVM are in (`LiveChain.mineSettled`). */
  mine(blocks: number): Promise<Chain>;
  reset(): void;
  served(): Chain;
}

/** The server's own controls, `POST /__mock/mine` and `POST /__mock/reset` (both change state: a foreign page may not). */
export const controlMounts = (live: Controlled): Mount[] => [
  { path: '/__mock/mine', exact: true, changesState: true, post: (body) => mineRequest(live.mine, body) },
  { path: '/__mock/reset', exact: true, changesState: true, post: () => (live.reset(), resetAnswer(live.served())) },
];
