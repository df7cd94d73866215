import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { api, signInDevice } from './helpers';
import { signedItem } from './items';

const logPath = inject('syncLogPath');

describe('the service log (real workerd)', () => {
  it('never contains access or refresh tokens or the token secret; the development code is logged', async () => {
    const d = await signInDevice();
    const refreshed = await api<{ accessToken: string; refreshToken: string }>('/auth/refresh', {
      body: { refreshToken: d.refreshToken },
    });
    const token = refreshed.body.accessToken;
    await api('/sync/push', {
      token,
      body: { items: [await signedItem(d, 'default', { id: 'logged?', clock: { [d.deviceId]: 1 } })] },
    });
    await api('/sync/status', { token: 'Bearer-garbage' });
    await api('/sync/status', { token, headers: { 'x-svc-client': 'web/1.0.0-beta' } });
    await new Promise((r) => setTimeout(r, 1000));
    const log = readFileSync(logPath, 'utf8');
    const secret = /TOKEN_SECRET=(\S+)/.exec(
      readFileSync(join(resolve(import.meta.dirname, '../..'), 'server/.dev.vars'), 'utf8'),
    )?.[1];
    expect(secret).toBeTruthy();
    for (const s of [d.accessToken, d.refreshToken, token, refreshed.body.refreshToken, secret as string]) {
      expect(log.includes(s)).toBe(false);
    }
    expect(log).toContain('"event":"dev_sign_in_code"');
    expect(log).toContain('"event":"push_processed"');
    expect(log).toContain('"event":"client_header_malformed"');
  });
});
