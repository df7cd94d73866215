import { base64 } from '@scure/base';

/**
 * Byte helpers shared by the crypto core. Platform-free: only globals that workerd, Chromium and
 * Node 20 all provide (TextEncoder) and @scure/base, which is linear-time on megabyte blobs
 * (a btoa over a concatenated string is not).
 */

const encoder = new TextEncoder();

export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/**
 * WebCrypto's types want a view over a plain ArrayBuffer. A view over a SharedArrayBuffer is
 * copied; otherwise the same view is returned (no copy on the hot path).
 */
export function asBufferSource(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  if (bytes.buffer instanceof ArrayBuffer) return bytes as Uint8Array<ArrayBuffer>;
  return new Uint8Array(bytes);
}

/** Comparison whose time depends only on the lengths, for MACs and verifiers. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** Standard base64 with padding (RFC 4648 section 4), the wire form of every envelope field. */
export function toBase64(bytes: Uint8Array): string {
  return base64.encode(bytes);
}

/**
 * Strict decoding (@scure/base): padding required, no whitespace, no URL-safe alphabet, and
 * non-zero padding bits refused, so one byte string has exactly one accepted encoding. Returns
 * null for anything else, so a malformed envelope is a value, not an exception.
 */
export function fromBase64(text: string): Uint8Array | null {
  if (typeof text !== 'string') return null;
  try {
    return base64.decode(text);
  } catch {
    return null;
  }
}
