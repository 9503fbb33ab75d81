/**
 * Wei amounts that the spec types as JSON numbers (block rewards, a tokens cursor's `value`) are
 * written as exact integer literals, which JSON allows at any size: the view puts a marker string
 * in their place and `writeRawNumbers` swaps each marker for its digits.
 */
const MARKER = '\u0000raw:';

/** A marker standing for `value` as a JSON number; typed as the number it is written as. */
export const rawNumber = (value: bigint): number => `${MARKER}${value}` as unknown as number;

export const writeRawNumbers = (json: string): string => json.replace(/"\\u0000raw:(-?\d+)"/g, '$1');
