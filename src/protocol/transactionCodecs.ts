import { eip1559Codec } from './transactionCodecs/eip1559.js';
import { eip2930Codec } from './transactionCodecs/eip2930.js';
import { eip4844Codec } from './transactionCodecs/eip4844.js';
import { eip7702Codec } from './transactionCodecs/eip7702.js';
import { legacyCodec } from './transactionCodecs/legacy.js';
import type { TransactionCodec } from './transactionType.js';
import type { TransactionTypeName } from './transactionTypes.js';

/**
 * Each registered type's envelope codec, by the type's name: the type checker asks for one per
 * type in `TRANSACTION_TYPES`. Apart from the registry so that a server that decodes and signs
 * nothing (no node request yet) starts without ox's envelopes and curves.
 */
const CODECS: { readonly [N in TransactionTypeName]: TransactionCodec } = {
  legacy: legacyCodec,
  eip2930: eip2930Codec,
  eip1559: eip1559Codec,
  eip4844: eip4844Codec,
  eip7702: eip7702Codec,
};

/** How transactions of `type` are decoded and signed. */
export const codecOf = (type: { readonly name: TransactionTypeName }): TransactionCodec => CODECS[type.name];
