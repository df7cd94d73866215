import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** Spec 2.2 write replies: the stored body's size in UTF-8 bytes and its lowercase hex SHA-256. */
export function bodyDigest(markdown: string): { body_bytes: number; body_sha256: string } {
  const bytes = new TextEncoder().encode(markdown);
  return { body_bytes: bytes.length, body_sha256: bytesToHex(sha256(bytes)) };
}
