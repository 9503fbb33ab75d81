/** A growable byte buffer: what the snapshot encoder writes columns into. */
export class ByteSink {
  private buffer: Buffer;
  length = 0;

  /** `capacity`: the bytes expected, so that a large column is allocated once, not grown by doubling. */
  constructor(capacity = 1024) {
    this.buffer = Buffer.allocUnsafe(Math.max(64, capacity));
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + bytes) size *= 2;
    const next = Buffer.allocUnsafe(size);
    this.buffer.copy(next, 0, 0, this.length);
    this.buffer = next;
  }

  /** Appends hex digits (an even number of them, without `0x`) as bytes. */
  hex(digits: string): void {
    this.reserve(digits.length / 2);
    this.length += this.buffer.write(digits, this.length, 'hex');
  }

  byte(value: number): void {
    this.reserve(1);
    this.buffer[this.length++] = value;
  }

  f64(value: number): void {
    this.reserve(8);
    this.length = this.buffer.writeDoubleLE(value, this.length);
  }

  /** A non-negative integer below 2^48 as its big-endian bytes, without leading zero bytes. */
  uintBE(value: number): void {
    let size = 0;
    for (let v = value; v > 0; v = Math.floor(v / 256)) size++;
    if (size === 0) return;
    this.reserve(size);
    this.length = this.buffer.writeUIntBE(value, this.length, size);
  }

  bytes(data: Uint8Array): void {
    this.reserve(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
  }

  utf8(text: string): void {
    this.reserve(Buffer.byteLength(text));
    this.length += this.buffer.write(text, this.length, 'utf8');
  }

  /** The bytes written so far (a view, not a copy). */
  view(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}
