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
