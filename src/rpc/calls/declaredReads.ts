import type { AbiFunction } from 'abitype';
import type { CallEnv } from './callEnv.js';
import { type ModelOutcome, NotModelled } from './outcome.js';

/** `name(type,type)`: how a declared read names its function. */
export const signatureOf = (fn: AbiFunction): string => `${fn.name}(${fn.inputs.map((p) => p.type).join(',')})`;

/** Two ABI values alike (addresses in any case, integers of any width). */
const same = (a: unknown, b: unknown): boolean =>
  typeof a === 'string' && typeof b === 'string'
    ? a.toLowerCase() === b.toLowerCase()
    : typeof a === 'bigint' || typeof b === 'bigint'
      ? BigInt(a as bigint) === BigInt(b as bigint)
      : Array.isArray(a) && Array.isArray(b)
        ? a.length === b.length && a.every((x, i) => same(x, b[i]))
        : a === b;

/**
 * What a scenario's own contract answers (the one called: a proxy's reads are its own): the read
 * declared for the function (and these arguments) latest at or before the block asked; none
 * declared, the node says so.
 */
export function declaredRead(env: CallEnv, fn: AbiFunction, args: readonly unknown[]): ModelOutcome | NotModelled {
  const signature = signatureOf(fn);
  const reads = env.ctx.chain.accounts[env.self]!.contract!.reads ?? [];
  let found: (typeof reads)[number] | undefined;
  for (const read of reads) {
    if (read.signature !== signature || read.fromBlock > env.height) continue;
    if (read.args && !same(read.args, args)) continue;
    // The latest from-block wins; at the same block, the later declaration.
    if (!found || read.fromBlock >= found.fromBlock) found = read;
  }
  return found ? { returns: found.returns } : new NotModelled(signature);
}
