/** ISO 8601 UTC with six fractional digits, as the explorer prints timestamps. */
export const isoTimestamp = (unixSeconds: number): string =>
  `${new Date(unixSeconds * 1000).toISOString().slice(0, 19)}.000000Z`;
