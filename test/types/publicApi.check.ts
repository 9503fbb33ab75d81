/**
 * Type tests of the package's public options (compiled by `npm run typecheck`, never run): each
 * `@ts-expect-error` must meet an error, or tsc fails on the unused directive.
 */
import type fc from 'fast-check';
import { transaction } from '../../src/arbitraries/index.js';
import type { Profile } from '../../src/index.js';
import { createHandler } from '../../src/handler/createHandler.js';
import type { StartServerOptions } from '../../src/startServer.js';
import type { Transaction } from '../../src/schemas/index.js';

// A fixed latency is a number in both option forms.
export const fixed: StartServerOptions = { faults: { latency: 200 } };
export const range: StartServerOptions = { faults: { latency: { min: 100, max: 800 } } };
// @ts-expect-error a latency is milliseconds, not text
export const text: StartServerOptions = { faults: { latency: '200' } };
export const handler = () => createHandler({ latency: 50, headTime: 'now' });
// @ts-expect-error headTime is unix seconds or 'now'
export const later = () => createHandler({ headTime: 'later' });

// Who may use a server: lists, or true for any (as Vite's allowedHosts).
export const open: StartServerOptions = { allowedHosts: ['mock.test'], trustedOrigins: true };
// @ts-expect-error any host is true, not 'all' (the CLI's word)
export const all: StartServerOptions = { allowedHosts: 'all' };
export const strict = () => createHandler({ trustedOrigins: [] });
// @ts-expect-error an in-process handler checks no host
export const hosts = () => createHandler({ allowedHosts: true });

export const profile: Profile = 'blockscout';
// @ts-expect-error no such profile
export const other: Profile = 'etherscan';

// The arbitraries give the shape of the profile asked for.
export const spec: fc.Arbitrary<Transaction> = transaction();
export const blockscout = transaction({ profile: 'blockscout' });
type BlockscoutTransaction = typeof blockscout extends fc.Arbitrary<infer T> ? T : never;
export const noTransfers: BlockscoutTransaction['token_transfers'] = null;
// @ts-expect-error a Blockscout-shaped transaction is not the spec's
export const notSpec: fc.Arbitrary<Transaction> = transaction({ profile: 'blockscout' });
