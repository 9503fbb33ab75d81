import { describe, expect, it } from 'vitest';
import { runtimeMatches, withoutMetadata } from './bytecodeMatch.js';

// Runtime code of `contract A { uint x = 1; }` (solc 0.8.30), and its metadata: a CBOR map of 0x33 bytes.
const CODE = '0x60806040525f5ffdfe';
const METADATA =
  'a2646970667358221220adcf37d915fed991d4133e62aa72d2f44a0e87b3e0c09fd57e284a81bb8e3c0564736f6c634300081e0033';

describe('runtime code compared as the explorer compares it', () => {
  it('leaves out the metadata, and keeps code that carries none', () => {
    expect(withoutMetadata(`${CODE}${METADATA}` as `0x${string}`)).toBe(CODE.slice(2));
    expect(withoutMetadata('0x6001600055')).toBe('6001600055');
  });

  it('matches code whose metadata hash differs, and not code that differs', () => {
    const other = METADATA.replace('adcf37d9', '00000000');
    expect(runtimeMatches(`${CODE}${METADATA}` as `0x${string}`, `${CODE}${other}` as `0x${string}`, [])).toBe(true);
    expect(runtimeMatches(`0x60806040525f5ffdfd${METADATA}`, `${CODE}${METADATA}` as `0x${string}`, [])).toBe(false);
  });

  it("takes an immutable's bytes from the deployed code, nowhere else", () => {
    const deployed = `0x7f${'ab'.repeat(32)}5f55${METADATA}` as `0x${string}`;
    const compiled = `0x7f${'00'.repeat(32)}5f55${METADATA}` as `0x${string}`;
    expect(runtimeMatches(deployed, compiled, [{ start: 1, length: 32 }])).toBe(true);
    expect(runtimeMatches(deployed, compiled, [])).toBe(false);
    expect(runtimeMatches(deployed, compiled, [{ start: 1, length: 31 }])).toBe(false);
  });
});
