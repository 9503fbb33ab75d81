/** Most blocks one `mine` call may add. */
export const MAX_MINE = 1_000;

/** Thrown for a `mine` request the chain cannot take. */
export class MineError extends Error {
  override readonly name = 'MineError';
}
