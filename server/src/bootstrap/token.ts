import { fromBase64Url, toBase64Url } from './base64url';

/** Spec 8.2: a session token lives 60 minutes; renewals slide it, never past 6 hours from opening. */
export const BOOTSTRAP_SESSION_TTL_SECONDS = 60 * 60;
export const MAX_BOOTSTRAP_SESSION_LIFETIME_SECONDS = 6 * 60 * 60;

export interface BootstrapClaims {
  v: 1;
  userId: string;
  deviceId: string;
  vaultId: string;
  jti: string;
  /** seconds since the epoch */
  iat: number;
  exp: number;
}

const key = (secret: string) =>
  crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);

/** `<base64url JSON payload>.<base64url HMAC-SHA256 of that payload text>` (spec 2.10). */
export async function signBootstrapToken(secret: string, claims: BootstrapClaims): Promise<string> {
  const payload = toBase64Url(new TextEncoder().encode(JSON.stringify(claims)));
  const mac = await crypto.subtle.sign('HMAC', await key(secret), new TextEncoder().encode(payload));
  return `${payload}.${toBase64Url(new Uint8Array(mac))}`;
}

export type TokenVerdict = { ok: true; claims: BootstrapClaims; expired: boolean } | { ok: false };

/**
 * Checks the MAC (constant time, WebCrypto verify) and the payload's shape. An expired token still
 * answers its claims, marked `expired`: renew and close need to know whose session it was.
 * Never throws.
 */
export async function readBootstrapToken(
  secret: string,
  token: string,
  nowMs: number,
): Promise<TokenVerdict> {
  const m = /^([A-Za-z0-9_-]{1,2048})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return { ok: false };
  const mac = fromBase64Url(m[2] as string);
  const body = fromBase64Url(m[1] as string);
  if (!mac || !body) return { ok: false };
  const valid = await crypto.subtle.verify('HMAC', await key(secret), mac, new TextEncoder().encode(m[1]));
  if (!valid) return { ok: false };
  let claims: unknown;
  try {
    claims = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return { ok: false };
  }
  if (!isClaims(claims)) return { ok: false };
  return { ok: true, claims, expired: claims.exp * 1000 <= nowMs };
}

function isClaims(x: unknown): x is BootstrapClaims {
  if (typeof x !== 'object' || x === null) return false;
  const c = x as Record<string, unknown>;
  return (
    c.v === 1 &&
    ['userId', 'deviceId', 'vaultId', 'jti'].every((k) => typeof c[k] === 'string') &&
    Number.isSafeInteger(c.iat) &&
    Number.isSafeInteger(c.exp)
  );
}
