import * as Hash from 'ox/Hash';
import * as Hex from 'ox/Hex';

/**
 * Where an ERC-20 allowance of a catalogue token is kept once an executed contract spent some of
 * it (`transferFrom` from code, which no log states): a slot of the token's storage, named by its
 * owner and spender (lower-case). The EVM's bridge keeps it there; the chain records it as a
 * storage write the allowance is then read from.
 */
export const allowanceSlot = (owner: string, spender: string): `0x${string}` =>
  Hash.keccak256(Hex.fromString(`explorer-mock:bridge:allowance:${owner}:${spender}`));
