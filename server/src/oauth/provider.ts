import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';

/**
 * The configured OpenID Connect provider (issue 20 part 3, docs/oauth.md): its discovery document,
 * fetched once per isolate, and its signing keys. A loopback issuer (the local fake provider of
 * development and tests) is the only one reached over plain HTTP.
 */
export interface Provider {
  as: oauth.AuthorizationServer;
  /** verifies an ID token's signature, issuer, audience and lifetime; answers its claims */
  verifyIdToken(idToken: string, audience: string): Promise<JWTPayload>;
}

const loopback = (url: string) => /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/.test(url);
export const httpOptions = (issuer: string) =>
  loopback(issuer) ? { [oauth.allowInsecureRequests]: true } : {};

const discovered = new Map<string, Promise<Provider>>();

export function providerFor(issuer: string): Promise<Provider> {
  let p = discovered.get(issuer);
  if (!p) {
    p = discover(issuer);
    discovered.set(issuer, p);
    // a provider that was down is asked again next time
    p.catch(() => discovered.delete(issuer));
  }
  return p;
}

async function discover(issuer: string): Promise<Provider> {
  const url = new URL(issuer);
  const res = await oauth.discoveryRequest(url, { algorithm: 'oidc', ...httpOptions(issuer) });
  const as = await oauth.processDiscoveryResponse(url, res);
  if (!as.jwks_uri) throw new Error('the provider publishes no jwks_uri');
  const jwks = createRemoteJWKSet(new URL(as.jwks_uri));
  return {
    as,
    async verifyIdToken(idToken, audience) {
      const { payload } = await jwtVerify(idToken, jwks, { issuer: as.issuer, audience });
      return payload;
    },
  };
}

/** The verified email an ID token vouches for, lowercased; null unless `email_verified` is true. */
export function verifiedEmail(claims: JWTPayload): string | null {
  const email = claims.email;
  if (typeof email !== 'string' || claims.email_verified !== true) return null;
  const e = email.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(e) && e.length <= 254 ? e : null;
}
