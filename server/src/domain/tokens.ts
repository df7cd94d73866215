import { bytesToHex } from '@noble/hashes/utils.js';

/** Random opaque tokens and their stored hashes (WebCrypto: workerd, browsers and Node alike). */
export function randomToken(bytes = 32): string {
  const b = crypto.getRandomValues(new Uint8Array(bytes));
  let s = '';
  for (const x of b) s += String.fromCharCode(x);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function sha256HexOf(text: string): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

/** A uniformly random 6-digit code (rejection sampling: no modulo bias). */
export function randomOtpCode(): string {
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    const n = buf[0] as number;
    if (n < 4_294_000_000) return String(n % 1_000_000).padStart(6, '0');
  }
}
