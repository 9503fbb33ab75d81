import type { ProfileFormat, ValidationIssue } from '../profiles/profileFormat.js';
import { specFormat } from '../profiles/spec.js';
import type { Profile } from '../schemas/profile.js';
import { type ApiResponse, jsonResponse } from './response.js';

export type { ValidationIssue } from '../profiles/profileFormat.js';

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

/** The error's answer in the profile's form (Blockscout v11 sends a 422 as `{"errors": [...]}` alone). */
export function errorResponse(error: ApiError, format: ProfileFormat<Profile> = specFormat): ApiResponse {
  return jsonResponse(
    error.status,
    error.errors ? format.validationError(error.message, error.errors) : { message: error.message },
  );
}
