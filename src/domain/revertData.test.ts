import { describe, expect, it } from 'vitest';
import { gethRevertReason, revertData, unpackRevert } from './revertData.js';

const panic = (code: number) => `0x4e487b71${code.toString(16).padStart(64, '0')}`;

describe('unpackRevert and gethRevertReason: a revert’s bytes as a node words them', () => {
  it('an Error(string) says its reason', () => {
    expect(unpackRevert(revertData('nope'))).toEqual({ reason: 'nope' });
    expect(gethRevertReason(revertData('ERC20: transfer amount exceeds balance'))).toBe(
      'ERC20: transfer amount exceeds balance',
    );
    expect(gethRevertReason(revertData(''))).toBe('');
  });

  it('a Panic says what geth calls its code', () => {
    expect(gethRevertReason(panic(0x01))).toBe('assert(false)');
    expect(gethRevertReason(panic(0x11))).toBe('arithmetic underflow or overflow');
    expect(gethRevertReason(panic(0x99))).toBe('unknown panic code: 0x99');
  });

  it('a custom error, nothing, or bytes that only claim to be an Error(string) say nothing', () => {
    expect(gethRevertReason(`0xe0a89a3a${'0'.repeat(61)}3e8`)).toBeNull();
    expect(gethRevertReason('0x')).toBeNull();
    expect(gethRevertReason(`0x08c379a0${'f'.repeat(64)}${'0'.repeat(64)}`)).toBeNull(); // offset past the end
    expect(gethRevertReason(`0x08c379a0${'0'.repeat(62)}20${'0'.repeat(62)}ff`)).toBeNull(); // length past the end
  });
});
