import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/src/config';
import type { SessionTokens } from '../../src/sync/protocol/auth';
import { type RunningService, startSyncService } from './spawn-service';

// An expired access token is refused on every kind of route (issue 18 part 5). The service's own
// tokens expire: a service of its own whose development-only ACCESS_TOKEN_TTL_SECONDS is 4.
let service: RunningService;
beforeAll(async () => {
  service = await startSyncService(['ACCESS_TOKEN_TTL_SECONDS:4']);
}, 120_000);
afterAll(async () => {
  await service?.stop();
});

async function call(path: string, token: string, body?: unknown, method = body ? 'POST' : 'GET') {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, text, code: text ? (JSON.parse(text)?.error?.code as string) : undefined };
}

async function signIn(email: string): Promise<SessionTokens> {
  const post = (path: string, body: unknown) =>
    fetch(`${service.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const { devCode } = await post('/auth/otp/request', { email });
  const key = Buffer.alloc(32, 1).toString('base64');
  return post('/auth/sign-in', {
    email,
    code: devCode,
    device: { name: 'd', platform: 'web', publicKey: key },
  });
}

describe('an expired access token (real workerd, 4-second tokens)', () => {
  it('is refused TOKEN_EXPIRED on every kind of route, writes nothing, and a refresh gives a working one', async () => {
    const s = await signIn(`expiry-${Date.now()}@test.cairn.local`);
    expect(s.accessTokenExpiresAt).toBeLessThanOrEqual(Date.now() + 4000);
    const vaultId = crypto.randomUUID();
    const register = { vaultId, encryptedName: 'AAAA', nameNonce: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };
    // wait for the condition itself: the token's own expiry has passed (whole seconds, so +1 s)
    while (Date.now() < s.accessTokenExpiresAt + 1000) await new Promise((r) => setTimeout(r, 100));
    const routes: [string, unknown?, string?][] = [
      ['/sync/vaults', register],
      ['/sync/vaults'],
      ['/sync/changes?cursor=0'],
      ['/sync/status'],
      ['/auth/key-verifier', { verifier: Buffer.alloc(32, 6).toString('base64') }, 'PUT'],
      ['/auth/devices'],
      ['/keys/claim', {}],
      ['/auth/billing'],
    ];
    for (const [path, body, method] of routes) {
      const res = await call(path, s.accessToken, body, method);
      expect(res.status, `${path}: ${res.text}`).toBe(401);
      expect(res.code, path).toBe('TOKEN_EXPIRED');
    }
    // read back as A with a token refreshed just before each read (they live 4 s here too)
    let refreshToken = s.refreshToken;
    const readAsA = async (path: string) => {
      const res = await fetch(`${service.url}/auth/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      expect(res.status).toBe(200);
      const next = (await res.json()) as SessionTokens;
      refreshToken = next.refreshToken;
      return call(path, next.accessToken);
    };
    // nothing the expired token sent was stored
    const vaults = await readAsA('/sync/vaults');
    expect(vaults.status).toBe(200);
    expect(vaults.text).not.toContain(vaultId);
    const verifier = await readAsA('/auth/key-verifier');
    expect(verifier.status).toBe(200);
    expect(JSON.parse(verifier.text).verifier).toBeNull();
  });

  it('the short lifetime is development-only: any other environment keeps 15 minutes', () => {
    expect(
      readConfig({ ENVIRONMENT: 'development', ACCESS_TOKEN_TTL_SECONDS: '2' }).accessTokenTtlSeconds,
    ).toBe(2);
    expect(
      readConfig({ ENVIRONMENT: 'production', ACCESS_TOKEN_TTL_SECONDS: '2' }).accessTokenTtlSeconds,
    ).toBe(900);
    expect(
      readConfig({ ENVIRONMENT: 'development', ACCESS_TOKEN_TTL_SECONDS: 'x' }).accessTokenTtlSeconds,
    ).toBe(900);
  });
});
