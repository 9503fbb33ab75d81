import { type ApiResponse, jsonResponse } from './response.js';

/** One entry of a 422 body's `errors` array. */
export interface ValidationIssue {
  readonly title: string;
  readonly source: { readonly pointer: string };
  readonly detail: string;
}

/**
 * An expected failure, turned into an HTTP answer in one place (`errorResponse`). Anything else
 * thrown while handling a request is a bug and becomes a 500.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: readonly ValidationIssue[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = () => new ApiError(404, 'Not found');

export const unknownAction = () => new ApiError(400, 'Unknown API v2 action');

/** 422 for one bad parameter; `pointer` names it (`/address_hash_param`, `/filter`, `/block_number`). */
export const invalidParameter = (pointer: string, detail: string, title = 'Invalid value') =>
  new ApiError(422, 'Invalid parameter(s)', [{ title, source: { pointer }, detail }]);

export const INTERNAL_ERROR: ApiResponse = jsonResponse(500, { message: 'Internal server error' });

/** The error's answer; Blockscout v11 sends a 422 as `{"errors": [...]}` alone. */
export function errorResponse(error: ApiError, profile: 'spec' | 'blockscout' = 'spec'): ApiResponse {
  if (profile === 'blockscout' && error.errors) return jsonResponse(error.status, { errors: error.errors });
  return jsonResponse(
    error.status,
    error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
  );
}
