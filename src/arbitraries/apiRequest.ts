import fc from 'fast-check';
import { endpoints } from '../schemas/endpoints.js';
import { addressHash, blockHash, transactionHash } from './primitives.js';

export interface ApiRequest {
  /** Path and query under the server's origin, e.g. `/api/v2/blocks?type=uncle`. */
  readonly url: string;
  /** Whether the request is well formed (then 200, or 404 for an unknown block/transaction/contract). */
  readonly valid: boolean;
  /** The statuses the explorer may answer it with. */
  readonly expectedStatuses: readonly number[];
}

const validParam = (name: string) =>
  name === 'address_hash'
    ? addressHash().chain((h) => fc.constantFrom(h, h.toLowerCase()))
    : name === 'transaction_hash'
      ? transactionHash()
      : fc.oneof(fc.nat(30_000_000).map(String), blockHash());

const invalidParam = fc.oneof(
  fc.constantFrom('0x', '0x123', 'zz', '-1', '1.5', '0xZZ00000000000000000000000000000000000000'),
  // Digits are a valid block number (a CI run drew "0": block 0's transactions, a 200).
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((s) => !/^\d+$/.test(s))
    .map(encodeURIComponent),
);

/** A request URL for one of the twelve endpoints, valid or deliberately invalid (or either). */
export const apiRequest = (options: { valid?: boolean } = {}): fc.Arbitrary<ApiRequest> =>
  (options.valid === undefined ? fc.boolean() : fc.constant(options.valid)).chain((valid) =>
    fc.constantFrom(...endpoints).chain((endpoint) => {
      const params = endpoint.pathParameters.map((p) => validParam(p.name));
      const filters = endpoint.query.filter((q) => q.kind === 'filter' && q.values);
      const query = fc
        .subarray([...filters])
        .chain((chosen) =>
          fc.tuple(
            ...chosen.map((q) => fc.constantFrom(...q.values!).map((v) => `${q.name}=${encodeURIComponent(v)}`)),
          ),
        );
      const how = valid
        ? fc.constant('none' as const)
        : fc.constantFrom(
            ...(params.length
              ? (['param', 'filter', 'cursor', 'path'] as const)
              : (['filter', 'cursor', 'path'] as const)),
          );
      return fc
        .record({ params: fc.tuple(...params), query, how, bad: invalidParam })
        .map(({ params: values, query: parts, how: breakIt, bad }) => {
          let i = 0;
          let path = `/api/v2${endpoint.path.replace(/\{[^}]+\}/g, () => String(breakIt === 'param' && i === 0 ? (i++, bad) : values[i++]))}`;
          const broken = endpoint.query.some((p) => p.name === 'type') ? 'type' : 'filter';
          // A broken filter replaces a valid one of the same name: the server reads the first value of a key.
          const q = breakIt === 'filter' ? parts.filter((part) => !part.startsWith(`${broken}=`)) : [...parts];
          if (breakIt === 'filter') q.push(broken === 'type' ? 'type=nope' : 'filter=sideways');
          // A cursor key the endpoint checks: an integer, a number or a patterned string.
          const cursor = endpoint.query.find((p) => p.kind === 'cursor' && (p.type !== 'string' || p.pattern));
          if (breakIt === 'cursor' && cursor) q.push(`${cursor.name}=${cursor.type === 'string' ? 'zz' : 'abc'}`);
          if (breakIt === 'path') path = `${path}/x/y/z`;
          const hasFilter = endpoint.query.some((p) => p.kind === 'filter');
          const hasCursor = cursor !== undefined;
          // Endpoints without filters or cursors ignore unknown query parameters: then the request stays valid.
          const reallyInvalid =
            breakIt === 'param' ||
            breakIt === 'path' ||
            (breakIt === 'filter' && hasFilter) ||
            (breakIt === 'cursor' && hasCursor);
          const expectedStatuses = !reallyInvalid
            ? endpoint.errors.includes(404)
              ? [200, 404]
              : [200]
            : breakIt === 'path'
              ? [400]
              : [422];
          return { url: `${path}${q.length ? `?${q.join('&')}` : ''}`, valid: !reallyInvalid, expectedStatuses };
        });
    }),
  );
