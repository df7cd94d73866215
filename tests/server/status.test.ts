import { describe, expect, inject, it } from 'vitest';

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
