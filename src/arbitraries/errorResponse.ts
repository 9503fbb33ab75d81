import fc from 'fast-check';
import { errorResponse as toResponse, invalidParameter, notFound, unknownAction } from '../rest/errors.js';
import type { ErrorBody } from '../schemas/index.js';

const POINTERS = [
  '/address_hash_param',
  '/transaction_hash_param',
  '/block_hash_or_number_param',
  '/filter',
  '/type',
  '/block_number',
  '/index',
  '/items_count',
];

/** An error answer of the API: its status and body, as the server sends them. */
export const errorResponse = (): fc.Arbitrary<{ status: number; body: ErrorBody }> =>
  fc
    .oneof(
      fc.constant(unknownAction()),
      fc.constant(notFound()),
      fc
        .tuple(
          fc.constantFrom(...POINTERS),
          fc.constantFrom(
            'Invalid value for enum',
            'Invalid format. Expected ~r/^0x([A-Fa-f0-9]{40})$/',
            'Invalid integer',
          ),
        )
        .map(([pointer, detail]) => invalidParameter(pointer, detail)),
    )
    .map((error) => {
      const response = toResponse(error);
      return { status: response.status, body: JSON.parse(response.body) as ErrorBody };
    });
