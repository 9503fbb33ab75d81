import type { AbiFunction } from 'abitype';
import type { CallEnv } from './callEnv.js';
import { type ModelOutcome, NotModelled } from './outcome.js';

/** `name(type,type)`: how a declared read names its function. */
export const signatureOf = (fn: AbiFunction): string => `${fn.name}(${fn.inputs.map((p) => p.type).join(',')})`;

/** Two ABI values of type `type` alike: addresses in any case, integers of any width, the rest exactly. */
const same = (type: string, a: unknown, b: unknown): boolean => {
  if (type.endsWith(']') && Array.isArray(a) && Array.isArray(b)) {
    const inner = type.slice(0, type.lastIndexOf('['));
    return a.length === b.length && a.every((x, i) => same(inner, x, b[i]));
  }
  if (type === 'address') return String(a).toLowerCase() === String(b).toLowerCase();
  if (/^u?int[0-9]*$/.test(type)) return BigInt(a as bigint) === BigInt(b as bigint);
  if (/^bytes[0-9]*$/.test(type)) return String(a).toLowerCase() === String(b).toLowerCase();
  return a === b;
};

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
    if (read.args && !read.args.every((arg, k) => same(fn.inputs[k]!.type, arg, args[k]))) continue;
    // The latest from-block wins; at the same block, the later declaration.
    if (!found || read.fromBlock >= found.fromBlock) found = read;
  }
  return found ? { returns: found.returns } : new NotModelled(signature);
}
