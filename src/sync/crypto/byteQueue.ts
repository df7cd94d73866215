/**
 * A FIFO of bytes arriving in arbitrary pieces, read back in exact sizes. Each byte is copied at
 * most once on the way out, so re-framing a stream stays linear in its length.
 */
export class ByteQueue {
  private parts: Uint8Array[] = [];
  private head = 0;
  private size = 0;

  get length(): number {
    return this.size;
  }

  push(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.parts.push(bytes);
    this.size += bytes.length;
  }

  /** Removes and returns exactly `count` bytes; `count` must not exceed `length`. */
  take(count: number): Uint8Array {
    if (count > this.size) throw new RangeError('ByteQueue.take past the end');
    const out = new Uint8Array(count);
    let filled = 0;
    while (filled < count) {
      const part = this.parts[0];
      if (!part) break;
      const available = part.length - this.head;
      const used = Math.min(available, count - filled);
      out.set(part.subarray(this.head, this.head + used), filled);
      filled += used;
      this.head += used;
      if (this.head === part.length) {
        this.parts.shift();
        this.head = 0;
      }
    }
    this.size -= count;
    return out;
  }
}
