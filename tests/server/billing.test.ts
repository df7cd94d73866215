import { describe, expect, it } from 'vitest';
import type { BillingReport } from '../../src/sync/protocol/plans';
import { api, errorCode, signInDevice } from './helpers';

describe('plans and the paid-plan gate (real workerd)', () => {
  it('development accounts get a dev_seed Believer entitlement at sign-in', async () => {
    const a = await signInDevice();
    const res = await api<BillingReport>('/auth/billing', { token: a.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      plan: 'believer',
      status: 'active',
      syncAllowed: true,
      source: 'dev_seed',
      portalAvailable: false,
      checkoutAvailable: true,
      usage: { storageBytes: 0, vaults: 0 },
      limits: {
        storageBytes: 50 * 1024 ** 3,
        vaultLimit: null,
        fileBytes: 200 * 1024 ** 2,
        versionHistoryDays: 365,
      },
    });
  });

  it.each(['inactive', 'past_due', 'paused', 'canceled', 'expired'])(
    'status %s denies every /sync route with 402',
    async (status) => {
      const a = await signInDevice();
      await api('/dev/entitlement', { token: a.accessToken, body: { plan: 'pro', status } });
      for (const [path, method] of [
        ['/sync/status', 'GET'],
        ['/sync/changes?cursor=0', 'GET'],
        ['/sync/vaults', 'GET'],
        ['/sync/manifest', 'GET'],
        ['/sync/pull', 'POST'],
        ['/sync/push', 'POST'],
      ] as const) {
        const res = await api(path, {
          token: a.accessToken,
          method,
          ...(method === 'POST' ? { body: {} } : {}),
        });
        expect(res.status, path).toBe(402);
        expect(errorCode(res), path).toBe('SYNC_PAYMENT_REQUIRED');
      }
    },
  );

  it('an expired active entitlement denies sync', async () => {
    const a = await signInDevice();
    await api('/dev/entitlement', {
      token: a.accessToken,
      body: { plan: 'pro', status: 'active', expiresAt: 1000 },
    });
    expect(errorCode(await api('/sync/status', { token: a.accessToken }))).toBe('SYNC_PAYMENT_REQUIRED');
    await api('/dev/entitlement', {
      token: a.accessToken,
      body: { plan: 'pro', status: 'trialing' },
    });
    expect((await api('/sync/status', { token: a.accessToken })).status).toBe(200);
  });

  it('billing needs authentication', async () => {
    expect(errorCode(await api('/auth/billing'))).toBe('UNAUTHENTICATED');
  });

  it('the plan gate runs before any validation, vault resolution or read', async () => {
    const a = await signInDevice();
    await api('/dev/entitlement', { token: a.accessToken, body: { plan: 'pro', status: 'canceled' } });
    const garbage = await api('/sync/push', {
      token: a.accessToken,
      rawBody: '{not json',
      headers: { 'content-type': 'application/json', 'x-svc-vault-id': 'nonsense' },
    });
    expect(errorCode(garbage)).toBe('SYNC_PAYMENT_REQUIRED');
    const badCursor = await api('/sync/changes?cursor=-5', {
      token: a.accessToken,
      headers: { 'x-svc-vault-id': crypto.randomUUID() },
    });
    expect(errorCode(badCursor)).toBe('SYNC_PAYMENT_REQUIRED');
    const policyBlocked = await api('/sync/vaults', {
      token: a.accessToken,
      headers: { 'x-svc-client': 'ios/0.0.1' },
      body: {},
    });
    expect(errorCode(policyBlocked)).toBe('SYNC_PAYMENT_REQUIRED');
  });

  it('the billing routes need a session', async () => {
    for (const [method, path] of [
      ['POST', '/auth/billing/reconcile'],
      ['POST', '/auth/billing/portal-session'],
      ['GET', '/auth/checkout-token'],
      ['POST', '/auth/checkout-token'],
    ] as const) {
      const res = await api(path, { method, ...(method === 'POST' ? { body: {} } : {}) });
      expect(errorCode(res), path).toBe('UNAUTHENTICATED');
    }
  });
});
