/**
 * A file's plaintext chunks, read one Blob slice at a time: at most one chunk of the file is in
 * memory, whatever its size (issue 15: never the whole file). An empty file is one empty final
 * chunk, as attachmentCipher seals it.
 */
export interface PlainChunk {
  index: number;
  bytes: Uint8Array;
  final: boolean;
}

export function chunkTotal(size: number, chunkBytes: number): number {
  return Math.max(1, Math.ceil(size / chunkBytes));
}

export async function* plainChunks(blob: Blob, chunkBytes: number, from = 0): AsyncGenerator<PlainChunk> {
  const total = chunkTotal(blob.size, chunkBytes);
  for (let index = from; index < total; index++) {
    const start = index * chunkBytes;
    const bytes = new Uint8Array(
      await blob.slice(start, Math.min(start + chunkBytes, blob.size)).arrayBuffer(),
    );
    yield { index, bytes, final: index === total - 1 };
  }
}

/** Lowercase hex SHA-256 (WebCrypto: native speed in the browser, workerd and Node). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource)));
}

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/**
 * A file's `contentHash` (issue 15): SHA-256 over the SHA-256 digests of its plaintext chunks, in
 * order (32 bytes each). As binding as one hash over the whole plaintext for a fixed chunk size,
 * and every digest is WebCrypto's (about 1 GB/s here) where an incremental JS SHA-256 ran at about
 * 140 MB/s and cost more than the cipher on the download path (docs/sync-client.md, "Files").
 */
export function chunkListHasher(): { update(plain: Uint8Array): Promise<void>; hex(): Promise<string> } {
  const digests: Uint8Array[] = [];
  return {
    async update(plain) {
      digests.push(new Uint8Array(await crypto.subtle.digest('SHA-256', plain as BufferSource)));
    },
    async hex() {
      const all = new Uint8Array(digests.length * 32);
      for (const [i, d] of digests.entries()) all.set(d, i * 32);
      return sha256Hex(all);
    },
  };
}
