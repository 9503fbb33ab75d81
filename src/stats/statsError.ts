/**
 * An expected failure of the stats service, written as its gRPC-gateway error body
 * (`{"code": <gRPC code>, "message": …}`) by `statsApi`. Anything else thrown is a bug (a 500).
 */
export class StatsError extends Error {
  constructor(
    readonly status: 400 | 404,
    /** The gRPC status code: 3 (invalid argument) or 5 (not found). */
    readonly code: 3 | 5,
    message: string,
  ) {
    super(message);
    this.name = 'StatsError';
  }
}

export const notFound = (message: string) => new StatsError(404, 5, message);

export const invalidArgument = (message: string) => new StatsError(400, 3, message);
