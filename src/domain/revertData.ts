/** The ABI encoding of `Error(string)`: the bytes a contract reverts with, and a node returns, for a revert reason. */
export function revertData(reason: string): `0x${string}` {
  const bytes = Buffer.from(reason, 'utf8');
  const word = (n: number) => n.toString(16).padStart(64, '0');
  const padded = bytes.toString('hex').padEnd(Math.ceil(bytes.length / 32) * 64, '0');
  return `0x08c379a0${word(32)}${word(bytes.length)}${padded}`;
}
