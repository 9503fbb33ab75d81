/** The ABI encoding of `Error(string)`: the bytes a contract reverts with, and a node returns, for a revert reason. */
export function revertData(reason: string): `0x${string}` {
  const bytes = Buffer.from(reason, 'utf8');
  const word = (n: number) => n.toString(16).padStart(64, '0');
  const padded = bytes.toString('hex').padEnd(Math.ceil(bytes.length / 32) * 64, '0');
  return `0x08c379a0${word(32)}${word(bytes.length)}${padded}`;
}

/** What a revert's bytes say, as a node's ABI unpacks them: an `Error(string)`'s reason, a `Panic(uint256)`'s code; null for other bytes (a custom error, nothing). */
export function unpackRevert(data: string): { readonly reason: string } | { readonly panic: bigint } | null {
  const hex = data.slice(2);
  if (hex.startsWith('4e487b71') && hex.length === 8 + 64) return { panic: BigInt(`0x${hex.slice(8)}`) };
  if (!hex.startsWith('08c379a0') || hex.length < 8 + 128) return null;
  const offset = BigInt(`0x${hex.slice(8, 72)}`);
  if (offset > BigInt(hex.length)) return null;
  const at = 8 + Number(offset) * 2;
  if (at + 64 > hex.length) return null;
  const length = BigInt(`0x${hex.slice(at, at + 64)}`);
  if (length * 2n > BigInt(hex.length - at - 64)) return null;
  return { reason: Buffer.from(hex.slice(at + 64, at + 64 + Number(length) * 2), 'hex').toString('utf8') };
}

/** geth's words for Solidity's panic codes (accounts/abi's panicReasons). */
const PANIC_REASONS: Readonly<Record<string, string>> = {
  '0': 'generic panic',
  '1': 'assert(false)',
  '17': 'arithmetic underflow or overflow',
  '18': 'division or modulo by zero',
  '33': 'enum overflow',
  '34': 'invalid encoded storage byte array accessed',
  '49': 'out-of-bounds array access; popping on an empty array',
  '50': 'out-of-bounds access of an array or bytesN',
  '65': 'out of memory',
  '81': 'uninitialized function',
};

/** What geth appends to `execution reverted: ` for a revert's bytes (abi.UnpackRevert); null where it appends nothing. */
export function gethRevertReason(data: string): string | null {
  const unpacked = unpackRevert(data);
  if (unpacked === null) return null;
  if ('reason' in unpacked) return unpacked.reason;
  return PANIC_REASONS[unpacked.panic.toString()] ?? `unknown panic code: 0x${unpacked.panic.toString(16)}`;
}
