import type { AccessList, Hex } from '../transaction.js';

/** An envelope's access list, lower-cased as the ledger keeps it. */
export const accessListOf = (
  list: readonly { readonly address: string; readonly storageKeys: readonly string[] }[] | undefined,
): AccessList =>
  (list ?? []).map((entry) => ({
    address: entry.address.toLowerCase() as Hex,
    storageKeys: entry.storageKeys.map((key) => key.toLowerCase() as Hex),
  }));

/** A typed envelope's signature, when it carries one. */
export const signatureOf = (envelope: {
  readonly r?: bigint | undefined;
  readonly s?: bigint | undefined;
  readonly yParity?: number | undefined;
}) =>
  envelope.r === undefined || envelope.s === undefined || envelope.yParity === undefined
    ? undefined
    : { r: envelope.r, s: envelope.s, yParity: envelope.yParity };
