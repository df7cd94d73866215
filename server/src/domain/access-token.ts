import { sign, verify } from 'hono/jwt';

/** Access tokens: HS256 JWTs carrying the user (`sub`) and the device (`did`) that keys rate buckets. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  sub: string;
  did: string;
}

export async function issueAccessToken(
  secret: string,
  claims: AccessClaims,
  nowMs: number,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return sign(
    { sub: claims.sub, did: claims.did, typ: 'access', iat, exp: iat + ttlSeconds },
    secret,
    'HS256',
  );
}

export type AccessVerdict =
  | { ok: true; claims: AccessClaims; expiresAtMs: number }
  | { ok: false; reason: 'expired' | 'invalid' };

/** Never throws: a malformed, forged or expired token is a verdict, not an exception. */
export async function verifyAccessToken(
  secret: string,
  token: string,
  nowMs: number,
): Promise<AccessVerdict> {
  try {
    const payload = await verify(token, secret, 'HS256');
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.did !== 'string') {
      return { ok: false, reason: 'invalid' };
    }
    if (typeof payload.exp !== 'number' || payload.exp * 1000 <= nowMs)
      return { ok: false, reason: 'expired' };
    return { ok: true, claims: { sub: payload.sub, did: payload.did }, expiresAtMs: payload.exp * 1000 };
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    return { ok: false, reason: name === 'JwtTokenExpired' ? 'expired' : 'invalid' };
  }
}
