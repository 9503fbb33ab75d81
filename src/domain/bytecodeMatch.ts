import type { Hex } from '../chain/types.js';

/** Where the compiler left room for an immutable in runtime code: its byte offset and length. */
export interface ImmutableSlot {
  readonly start: number;
  readonly length: number;
}

/**
 * Runtime code without its CBOR metadata (the hash of the sources and settings, and the compiler
 * version), whose length its last two bytes give; code that ends otherwise is kept whole.
 */
export function withoutMetadata(code: Hex): string {
  const hex = code.toLowerCase().replace(/^0x/, '');
  if (hex.length < 4) return hex;
  const length = Number.parseInt(hex.slice(-4), 16);
  const start = hex.length - 4 - length * 2;
  // CBOR metadata is a map (0xa1–0xb7 for up to 23 entries); anything else is code.
  return start >= 0 && /^[ab][0-9a-f]$/.test(hex.slice(start, start + 2)) ? hex.slice(0, start) : hex;
}

/**
 * Whether runtime code a compiler produced is the code deployed, as Blockscout's verifier compares
 * them: the metadata aside (another path or comment changes only its hash), and each immutable's
 * bytes, which the compiled code leaves as zeros, taken from the deployed code.
 */
export function runtimeMatches(deployed: Hex, compiled: Hex, immutables: readonly ImmutableSlot[]): boolean {
  const onChain = withoutMetadata(deployed);
  let built = withoutMetadata(compiled);
  if (onChain.length !== built.length) return false;
  for (const { start, length } of immutables)
    built =
      built.slice(0, start * 2) + onChain.slice(start * 2, (start + length) * 2) + built.slice((start + length) * 2);
  return built === onChain;
}
