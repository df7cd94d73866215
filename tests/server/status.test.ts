import { describe, expect, inject, it } from 'vitest';
import { api, errorCode, signInDevice } from './helpers';

const base = inject('syncBaseUrl');

describe('GET /sync/status (real workerd)', () => {
  it('refuses an unauthenticated request with 401 and the error envelope', async () => {
    const res = await fetch(`${base}/sync/status`);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'a valid access token is required' },
    });
  });

  it('refuses a forged bearer token the same way', async () => {
    const res = await fetch(`${base}/sync/status`, { headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
  });

  it('answers an unknown route with the NOT_FOUND envelope', async () => {
    const res = await fetch(`${base}/no/such/route`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });
});

describe('pack listing (real workerd)', () => {
  // Offered since issue 16 (docs/packs.md; tests/server/packs.test.ts); like every /sync route,
  // behind authentication.
  it('answers an empty listing to a new account, and 401 without a session', async () => {
    const d = await signInDevice();
    expect((await api('/sync/packs', { token: d.accessToken })).body).toEqual({
      packs: [],
      nextCursor: null,
    });
    expect(errorCode(await api('/sync/packs'))).toBe('UNAUTHENTICATED');
  });
});

describe('CORS (real workerd)', () => {
  it('answers preflights for the app origins only, without credentials', async () => {
    const pre = (origin: string) =>
      fetch(`${base}/sync/push`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,x-svc-vault-id',
        },
      });
    const ok = await pre('http://127.0.0.1:5173');
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
    expect(ok.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-svc-vault-id');
    const evil = await pre('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});
