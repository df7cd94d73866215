import { fromBase64Url, toBase64Url } from '../bootstrap/base64url';
import type { Clock } from '../ports/clock';
import type { ObjectUrls } from './ports';

/** Where the worker serves signed objects (server/src/objects/route.ts). */
export const OBJECT_ROUTE_PREFIX = '/objects/';

const encoder = new TextEncoder();
const hmacKey = (secret: string) =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
/** What the MAC covers: the method, the exact object key and the expiry, so no part can be swapped. */
const signedText = (key: string, expSeconds: number) => `GET\n${key}\n${expSeconds}`;

/** The object key's path on the route: each segment percent-encoded, the slashes kept. */
export const keyPath = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/**
 * Signed URLs of the worker's own object route: `<origin>/objects/<key>?exp=<s>&sig=<mac>`, the
 * MAC an HMAC-SHA256 under `OBJECT_URL_SECRET`. The signature rides in the query because the
 * local request log prints the path only (docs/protocol.md, "Signed object URLs").
 */
export function workerObjectUrls(opts: {
  secret: string;
  origin: string;
  clock: Clock;
  ttlSeconds: number;
}): ObjectUrls {
  return {
    kind: 'worker',
    async presignGet(key) {
      const exp = Math.floor(opts.clock.nowMs() / 1000) + opts.ttlSeconds;
      const mac = await crypto.subtle.sign(
        'HMAC',
        await hmacKey(opts.secret),
        encoder.encode(signedText(key, exp)),
      );
      const url = `${opts.origin}${OBJECT_ROUTE_PREFIX}${keyPath(key)}?exp=${exp}&sig=${toBase64Url(new Uint8Array(mac))}`;
      return { url, expiresAt: exp * 1000 };
    },
  };
}

export type UrlVerdict = { ok: true } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/**
 * Checks a request on the object route: the MAC (constant time, WebCrypto verify) over this key
 * and expiry, then the expiry. Never throws.
 */
export async function verifyObjectUrl(
  secret: string,
  key: string,
  exp: string | undefined,
  sig: string | undefined,
  nowMs: number,
): Promise<UrlVerdict> {
  if (!exp || !/^\d{1,12}$/.test(exp) || !sig || !/^[A-Za-z0-9_-]{43}$/.test(sig)) {
    return { ok: false, reason: 'malformed' };
  }
  const mac = fromBase64Url(sig);
  if (!mac) return { ok: false, reason: 'malformed' };
  const expSeconds = Number(exp);
  const valid = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    mac,
    encoder.encode(signedText(key, expSeconds)),
  );
  if (!valid) return { ok: false, reason: 'signature' };
  if (expSeconds * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true };
}
