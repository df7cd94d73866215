import { describe, expect, it } from 'vitest';
import { api, errorCode, signInDevice, uniqueEmail } from './helpers';

async function realKey(): Promise<string> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  return Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64');
}

describe('auth: one-time code, sign-in, refresh, sign-out (real workerd)', () => {
  it('signs in with the echoed development code and the token opens /sync/status', async () => {
    const dev = await signInDevice();
    expect(dev.accessToken.split('.')).toHaveLength(3);
    const status = await api<{ ok: boolean; userId: string; deviceId: string }>('/sync/status', {
      token: dev.accessToken,
    });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ ok: true, userId: dev.userId, deviceId: dev.deviceId });
  });

  it('never echoes the code for an address that is not a development account', async () => {
    const res = await api<Record<string, unknown>>('/auth/otp/request', {
      body: { email: 'someone@example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.body.sent).toBe(true);
    expect(res.body).not.toHaveProperty('devCode');
  });

  it('refuses a wrong code, and the code dies after 5 wrong attempts', async () => {
    const email = uniqueEmail();
    const otp = await api<{ devCode: string }>('/auth/otp/request', { body: { email } });
    const device = { name: 'd', publicKey: await realKey() };
    const wrong = otp.body.devCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await api('/auth/sign-in', { body: { email, code: wrong, device } });
      expect(res.status).toBe(401);
      expect(errorCode(res)).toBe('OTP_INVALID');
    }
    const late = await api('/auth/sign-in', { body: { email, code: otp.body.devCode, device } });
    expect(errorCode(late)).toBe('OTP_INVALID');
  });

  it('a code is single-use', async () => {
    const email = uniqueEmail();
    const otp = await api<{ devCode: string }>('/auth/otp/request', { body: { email } });
    const device = { name: 'd', publicKey: await realKey() };
    expect((await api('/auth/sign-in', { body: { email, code: otp.body.devCode, device } })).status).toBe(
      200,
    );
    expect(errorCode(await api('/auth/sign-in', { body: { email, code: otp.body.devCode, device } }))).toBe(
      'OTP_INVALID',
    );
  });

  it('rejects malformed envelopes with VALIDATION_ERROR and writes nothing', async () => {
    for (const body of [{}, { email: 'not-an-email' }, { email: 'a@test.cairn.local', extra: 1 }]) {
      const res = await api('/auth/otp/request', { body });
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('VALIDATION_ERROR');
    }
    const notJson = await api('/auth/otp/request', {
      rawBody: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(errorCode(notJson)).toBe('VALIDATION_ERROR');
    // the identity point (small order): any signature would verify under it
    const identity = Buffer.alloc(32);
    identity[0] = 1;
    const weak = await api('/auth/sign-in', {
      body: {
        email: uniqueEmail(),
        code: '123456',
        device: { name: 'd', publicKey: identity.toString('base64') },
      },
    });
    expect(errorCode(weak)).toBe('VALIDATION_ERROR');
    const badKey = await api('/auth/sign-in', {
      body: { email: uniqueEmail(), code: '123456', device: { name: 'd', publicKey: '!!notbase64!!' } },
    });
    expect(errorCode(badKey)).toBe('VALIDATION_ERROR');
  });

  it('rotates refresh tokens; reusing a rotated token revokes the whole family', async () => {
    const dev = await signInDevice();
    const first = await api<{ refreshToken: string; accessToken: string }>('/auth/refresh', {
      body: { refreshToken: dev.refreshToken },
    });
    expect(first.status).toBe(200);
    expect(first.body.refreshToken).not.toBe(dev.refreshToken);
    // replaying the old token is theft: refused, and the new one dies with its family
    expect(errorCode(await api('/auth/refresh', { body: { refreshToken: dev.refreshToken } }))).toBe(
      'REFRESH_INVALID',
    );
    expect(errorCode(await api('/auth/refresh', { body: { refreshToken: first.body.refreshToken } }))).toBe(
      'REFRESH_INVALID',
    );
  });

  it('sign-out revokes the refresh token', async () => {
    const dev = await signInDevice();
    expect((await api('/auth/sign-out', { body: { refreshToken: dev.refreshToken } })).status).toBe(200);
    expect(errorCode(await api('/auth/refresh', { body: { refreshToken: dev.refreshToken } }))).toBe(
      'REFRESH_INVALID',
    );
  });

  it('a token signed with another secret is UNAUTHENTICATED', async () => {
    const dev = await signInDevice();
    const [h, p] = dev.accessToken.split('.');
    const forged = `${h}.${p}.${Buffer.alloc(32, 7).toString('base64url')}`;
    expect(errorCode(await api('/sync/status', { token: forged }))).toBe('UNAUTHENTICATED');
  });

  it('account routes refuse bodies over 64 KiB with a bare 413', async () => {
    const res = await api('/auth/otp/request', {
      rawBody: `{"email":"${'a'.repeat(70_000)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.text).toBe('');
  });
});
