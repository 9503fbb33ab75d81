/**
 * Blockscout's general formats (`schemas/api/v2/general/*.ex`, tag v11.2.7), as the explorer
 * writes them on the wire: hashes lower-case, addresses EIP-55 checksummed, amounts as strings.
 */
import { z } from 'zod';
import { addressHash, decimal, hash32, hexBytes, timestamp } from '../formats.js';

export { addressHash, hash32 as fullHash, hexBytes as hexString, timestamp };

/** `IntegerString`: a possibly negative integer as decimal digits. */
export const integerString = z
  .string()
  .regex(/^-?(0|[1-9][0-9]*)$/)
  .meta({ description: 'integer as decimal digits' });

/** `FloatString`: a fiat value or ratio as a decimal string. */
export const floatString = decimal;

/** An address in either letter case (raw traces carry the node's lower-case form). */
export const anyCaseAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

export const integer = z.number().int().nonnegative();

/** `General.ProxyType` (`Explorer.Chain.SmartContract.Proxy.Models.Implementation`). */
export const proxyType = z
  .enum([
    'eip1167',
    'eip1967',
    'eip1822',
    'eip1967_oz',
    'eip1967_beacon',
    'master_copy',
    'basic_implementation',
    'basic_get_implementation',
    'comptroller',
    'eip2535',
    'clone_with_immutable_arguments',
    'eip7702',
    'resolved_delegate_proxy',
    'erc7760',
    'minimal_proxy',
    'unknown',
  ])
  .nullable();

export const implementation = z
  .strictObject({ address_hash: addressHash, name: z.string().nullable() })
  .meta({ id: 'BlockscoutImplementation' });

/** `General.Tag`: public-tag hashes are raw, so either case. */
export const tag = z.strictObject({ address_hash: anyCaseAddress, display_name: z.string(), label: z.string() });

export const watchlistName = z.strictObject({ display_name: z.string(), label: z.string() });

/** `Proxy.MetadataTag`. */
export const metadataTag = z.strictObject({
  slug: z.string(),
  name: z.string(),
  tagType: z.enum(['name', 'generic', 'classifier', 'information', 'note', 'protocol']),
  ordinal: z.number().int(),
  meta: z.record(z.string(), z.unknown()).nullable(),
});

/** A decoded ABI value: a string, or arrays of them for tuples and arrays. */
type Decoded = string | boolean | Decoded[];
const decodedValue: z.ZodType<Decoded> = z
  .lazy(() => z.union([z.string(), z.boolean(), z.array(decodedValue)]))
  .meta({ id: 'DecodedValue' });

/** `General.DecodedInput`: method_id is lower-case hex without 0x. */
export const decodedInput = z
  .strictObject({
    method_id: z
      .string()
      .regex(/^[0-9a-f]{8}$/)
      .nullable(),
    method_call: z.string().nullable(),
    parameters: z.array(z.strictObject({ name: z.string(), type: z.string(), value: decodedValue })),
  })
  .meta({ id: 'BlockscoutDecodedInput' });

/** `General.DecodedLogInput`: the same with `indexed` per parameter. */
export const decodedLogInput = z
  .strictObject({
    method_id: z
      .string()
      .regex(/^[0-9a-f]{8}$/)
      .nullable(),
    method_call: z.string().nullable(),
    parameters: z.array(
      z.strictObject({ name: z.string(), type: z.string(), indexed: z.boolean(), value: decodedValue }),
    ),
  })
  .meta({ id: 'DecodedLogInput' });

export const tokenType = z.enum(['ERC-20', 'ERC-721', 'ERC-1155', 'ERC-404', 'ERC-7984']);
