import * as AbiFunction from 'ox/AbiFunction';
import { describe, expect, it } from 'vitest';
import { TOKEN_WRITE_FUNCTIONS } from '../../generators/contracts/tokenRules.js';
import { SAFE_TRANSFER_SELECTORS } from './evmExecutor.js';

describe('SAFE_TRANSFER_SELECTORS', () => {
  it('are the selectors of the token standards’ safe transfers, and only those', () => {
    const safe = Object.values(TOKEN_WRITE_FUNCTIONS)
      .flat()
      .map((signature) => AbiFunction.from(signature) as AbiFunction.AbiFunction)
      .filter((fn) => fn.name.startsWith('safe'))
      .map((fn) => AbiFunction.getSelector(fn));
    expect([...SAFE_TRANSFER_SELECTORS].sort()).toEqual(safe.sort());
  });
});
