import * as Address from 'ox/Address';
import { z } from 'zod';

const isChecksummed = (value: string) => {
  try {
    return Address.checksum(value) === value;
  } catch {
    return false;
  }
};

/** An EIP-55 checksummed address, as every address inside a response is. */
export const addressHash = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .refine(isChecksummed, 'not an EIP-55 checksummed address')
  .meta({ description: 'EIP-55 checksummed address', examples: ['0x77D0c5373CBFaaf0D244F5bf3C3EFbFBecB0761a'] });

/** A lower-case address (the form cursor values take). */
export const lowerAddressHash = z
  .string()
  .regex(/^0x[0-9a-f]{40}$/)
  .meta({ description: 'lower-case address' });

/** A transaction or block hash: lower-case, 32 bytes. */
export const hash32 = z
  .string()
  .regex(/^0x[0-9a-f]{64}$/)
  .meta({ description: 'lower-case 32-byte hash' });

/** A non-negative integer amount in the smallest unit, as decimal digits. */
export const wei = z
  .string()
  .regex(/^(0|[1-9][0-9]*)$/)
  .meta({ description: 'non-negative integer as decimal digits (smallest unit)' });

/** A non-negative decimal such as a USD price. */
export const decimal = z
  .string()
  .regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/)
  .meta({ description: 'non-negative decimal number as text' });

/** ISO 8601 UTC with six fractional digits. */
export const timestamp = z
  .string()
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/)
  .meta({ description: 'ISO 8601 UTC timestamp with microseconds', examples: ['2024-05-01T12:34:56.000000Z'] });

/** Lower-case hex bytes with a 0x prefix. */
export const hexBytes = z
  .string()
  .regex(/^0x([0-9a-f]{2})*$/)
  .meta({ description: 'lower-case hex bytes' });

export const nonNegativeInteger = z.number().int().nonnegative();
