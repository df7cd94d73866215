import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { CheckoutTokenResponse, PortalSessionResponse } from '../../src/sync/protocol/billing';
import type { BillingReport } from '../../src/sync/protocol/plans';
import { api, errorCode, signInDevice, type TestDevice } from './helpers';

// Issue 20 part 1: the billing provider (Paddle Billing's shapes) behind its port, against the
// local fake provider that scripts/server-dev.mjs starts beside the service (scripts/fake-paddle.mjs).
const fake = inject('billingBaseUrl');
const logPath = inject('syncLogPath');
const PRO = `pri_${'cairnpro'.padEnd(26, '0')}`;
const PLUS = `pri_${'cairnplus'.padEnd(26, '0')}`;
const DAY = 86_400_000;

interface Delivered {
  status: number;
  body: { received?: boolean; outcome?: string; error?: { code: string; reason?: string } };
  rawBody: string;
  signature: string;
}

async function fakeCall<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${fake}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`fake ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A subscription entity as Paddle sends it, for `user` (custom data), on `price`. */
function subscription(user: TestDevice, status: string, opts: { price?: string; endsAt?: number } = {}) {
  const endsAt = opts.endsAt ?? Date.now() + 30 * DAY;
  return {
    id: `sub_${user.userId
      .replace(/[^a-z\d]/g, '')
      .slice(0, 26)
      .padEnd(26, '0')}`,
    status,
    customer_id: `ctm_${user.userId
      .replace(/[^a-z\d]/g, '')
      .slice(0, 26)
      .padEnd(26, '1')}`,
    custom_data: { cairn_user_id: user.userId },
    items: [{ price: { id: opts.price ?? PRO }, quantity: 1, status: 'active' }],
    current_billing_period: {
      starts_at: new Date(endsAt - 30 * DAY).toISOString(),
      ends_at: new Date(endsAt).toISOString(),
    },
  };
}

const deliver = (event: Record<string, unknown>) => fakeCall<Delivered>('/_fake/deliver', event);
const report = async (d: TestDevice) =>
  (await api<BillingReport>('/auth/billing', { token: d.accessToken })).body;
const gate = async (d: TestDevice) => api('/sync/status', { token: d.accessToken });

/** A development account whose dev_seed plan is taken away: a user without a plan. */
async function userWithoutPlan(): Promise<TestDevice> {
  const d = await signInDevice();
  await api('/dev/entitlement', { token: d.accessToken, body: { plan: 'plus', status: 'inactive' } });
  expect(errorCode(await gate(d))).toBe('SYNC_PAYMENT_REQUIRED');
  return d;
}

async function checkout(d: TestDevice, price = PRO): Promise<string> {
  const token = await api<CheckoutTokenResponse>('/auth/checkout-token', { token: d.accessToken });
  const opened = await api<{ transactionId: string }>('/billing/checkout', {
    body: { token: token.body.token, priceId: price },
  });
  expect(opened.status).toBe(200);
  return opened.body.transactionId;
}

describe('billing provider (real workerd, fake Paddle)', () => {
  it('reports what is configured: checkout yes, portal only for a provider-billed account', async () => {
    const d = await signInDevice();
    expect(await report(d)).toMatchObject({
      source: 'dev_seed',
      checkoutAvailable: true,
      portalAvailable: false,
    });
    const portal = await api('/auth/billing/portal-session', { token: d.accessToken, body: {} });
    expect(portal.status).toBe(404);
    expect(errorCode(portal)).toBe('NOT_FOUND');
  });

  it('checkout token: GET and POST, short-lived, not cached, behind authentication', async () => {
    const d = await signInDevice();
    for (const method of ['GET', 'POST']) {
      const res = await api<CheckoutTokenResponse>('/auth/checkout-token', {
        method,
        token: d.accessToken,
        ...(method === 'POST' ? { body: {} } : {}),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body.pricingUrl).toBe(`${fake}/pricing`);
      expect(res.body.token).toMatch(/^[\w-]+\.[\w-]{43}$/);
      expect(res.body.expiresAt - Date.now()).toBeGreaterThan(25 * 60_000);
      expect(res.body.expiresAt - Date.now()).toBeLessThanOrEqual(30 * 60_000);
      expect(errorCode(await api('/auth/checkout-token', { method }))).toBe('UNAUTHENTICATED');
    }
  });

  it('a forged or foreign-purpose checkout token and an unknown price are refused, nothing opened', async () => {
    const d = await signInDevice();
    const { body } = await api<CheckoutTokenResponse>('/auth/checkout-token', { token: d.accessToken });
    const [payload, mac] = body.token.split('.') as [string, string];
    const forged = `${payload}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    for (const token of [forged, d.accessToken, 'nonsense']) {
      const res = await api('/billing/checkout', { body: { token, priceId: PRO } });
      expect(res.status).toBe(401);
      expect(errorCode(res)).toBe('CHECKOUT_TOKEN_INVALID');
    }
    const unknown = await api('/billing/checkout', {
      body: { token: body.token, priceId: `pri_${'z'.repeat(26)}` },
    });
    expect(errorCode(unknown)).toBe('VALIDATION_ERROR');
  });

  it('a user without a plan pays; the signed webhooks provision it; the portal opens', async () => {
    const d = await userWithoutPlan();
    const txn = await checkout(d);
    const paid = await fakeCall<{
      delivered: Delivered[];
      subscription: { id: string; current_billing_period: { ends_at: string } };
    }>(`/_fake/transactions/${txn}/complete`, {});
    expect(paid.delivered.map((x) => [x.status, x.body.outcome])).toEqual([
      [200, 'applied'],
      [200, 'applied'],
    ]);
    expect((await gate(d)).status).toBe(200);
    const r = await report(d);
    expect(r).toMatchObject({
      plan: 'pro',
      status: 'active',
      syncAllowed: true,
      source: 'paddle',
      portalAvailable: true,
    });
    expect(r.limits?.storageBytes).toBe(10 * 1024 ** 3);
    expect(r.expiresAt).toBe(Date.parse(paid.subscription.current_billing_period.ends_at) + 3 * DAY);

    const portal = await api<PortalSessionResponse>('/auth/billing/portal-session', {
      token: d.accessToken,
      body: {},
    });
    expect(portal.status).toBe(200);
    expect(portal.headers.get('cache-control')).toBe('no-store');
    expect(portal.body.url.startsWith(`${fake}/portal/cpls_`)).toBe(true);
    const page = await fetch(portal.body.url);
    expect(await page.text()).toContain('active');
    // what the customer does in the portal reaches the plan gate through the signed webhooks
    const change = async (action: string) => {
      const res = await fetch(portal.body.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action, subscription: paid.subscription.id }),
      });
      expect(res.status).toBe(200);
    };
    await change('pause');
    expect((await gate(d)).body).toMatchObject({
      error: { code: 'SYNC_PAYMENT_REQUIRED', status: 'paused' },
    });
    await change('resume');
    expect((await gate(d)).status).toBe(200);
    const again = await api<PortalSessionResponse>('/auth/billing/portal-session', {
      token: d.accessToken,
      body: {},
    });
    expect(again.body.url).not.toBe(portal.body.url);
    await new Promise((r) => setTimeout(r, 300)); // the log lines of the calls above, flushed
    const log = readFileSync(logPath, 'utf8');
    for (const url of [portal.body.url, again.body.url]) {
      expect(log).not.toContain(new URL(url).searchParams.get('token'));
    }
  });

  it('forged, tampered, unsigned and stale webhooks are refused and change nothing', async () => {
    const d = await userWithoutPlan();
    const event = { event_type: 'subscription.activated', data: subscription(d, 'active') };
    const forged = await deliver({ ...event, secret: 'not-the-secret' });
    expect([forged.status, forged.body.error?.code, forged.body.error?.reason]).toEqual([
      400,
      'BILLING_WEBHOOK_INVALID',
      'signature',
    ]);
    const stale = await deliver({ ...event, ts: Math.floor(Date.now() / 1000) - 10 * 60 });
    expect([stale.status, stale.body.error?.reason]).toEqual([400, 'timestamp']);
    const future = await deliver({ ...event, ts: Math.floor(Date.now() / 1000) + 10 * 60 });
    expect([future.status, future.body.error?.reason]).toEqual([400, 'timestamp']);

    // a genuine signature over another body: the body was changed on the way
    const genuine = await deliver({ event_type: 'customer.updated', data: { id: 'ctm_x' } });
    expect(genuine.status).toBe(200);
    const tampered = JSON.stringify({
      ...JSON.parse(genuine.rawBody),
      event_type: 'subscription.activated',
      data: event.data,
    });
    for (const [headers, body] of [
      [{ 'paddle-signature': genuine.signature }, tampered],
      [{}, tampered],
      [{ 'paddle-signature': 'ts=1;h1=zz' }, tampered],
    ] as const) {
      const res = await api('/billing/webhook', {
        rawBody: body,
        headers: { 'content-type': 'application/json', ...headers },
      });
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('BILLING_WEBHOOK_INVALID');
    }
    expect(errorCode(await gate(d))).toBe('SYNC_PAYMENT_REQUIRED');
    expect((await report(d)).source).toBe('dev_seed');
  });

  it('idempotent by event id and out-of-order safe by occurred_at', async () => {
    const d = await userWithoutPlan();
    const t0 = Date.now() - 60_000;
    const active = await deliver({
      event_type: 'subscription.activated',
      occurred_at: new Date(t0).toISOString(),
      data: subscription(d, 'active'),
    });
    expect(active.body.outcome).toBe('applied');
    const canceled = await deliver({
      event_type: 'subscription.canceled',
      occurred_at: new Date(t0 + 20_000).toISOString(),
      data: subscription(d, 'canceled'),
    });
    expect(canceled.body.outcome).toBe('applied');
    expect((await report(d)).status).toBe('canceled');

    // the earlier activation, sent again byte for byte (a replay inside the window): a duplicate
    const replay = await api<{ outcome: string }>('/billing/webhook', {
      rawBody: active.rawBody,
      headers: { 'content-type': 'application/json', 'paddle-signature': active.signature },
    });
    expect([replay.status, replay.body.outcome]).toEqual([200, 'duplicate']);
    // an update that happened BEFORE the cancellation, arriving after it: recorded, not applied
    const late = await deliver({
      event_type: 'subscription.updated',
      occurred_at: new Date(t0 + 10_000).toISOString(),
      data: subscription(d, 'active', { price: PLUS }),
    });
    expect(late.body.outcome).toBe('stale');
    const r = await report(d);
    expect([r.plan, r.status, r.syncAllowed]).toEqual(['pro', 'canceled', false]);
    expect(errorCode(await gate(d))).toBe('SYNC_PAYMENT_REQUIRED');
    // the same late event again: now a duplicate
    const lateAgain = await deliver({
      event_id: JSON.parse(late.rawBody).event_id,
      event_type: 'subscription.updated',
      occurred_at: new Date(t0 + 10_000).toISOString(),
      data: subscription(d, 'active', { price: PLUS }),
    });
    expect(lateAgain.body.outcome).toBe('duplicate');
    // other event types are acknowledged and change nothing
    const other = await deliver({ event_type: 'customer.updated', data: { id: 'ctm_y' } });
    expect([other.status, other.body.outcome]).toEqual([200, 'ignored']);
  });

  it.each([
    ['active', 200, 'active'],
    ['trialing', 200, 'trialing'],
    ['past_due', 402, 'past_due'],
    ['paused', 402, 'paused'],
    ['canceled', 402, 'canceled'],
  ])('provider status %s: the plan gate answers %i', async (status, code, reported) => {
    const d = await userWithoutPlan();
    const res = await deliver({ event_type: 'subscription.updated', data: subscription(d, status) });
    expect(res.body.outcome).toBe('applied');
    const g = await gate(d);
    expect(g.status).toBe(code);
    if (code === 402) expect((g.body as { error: { status: string } }).error.status).toBe(reported);
    expect((await report(d)).status).toBe(reported);
  });

  it('an active subscription whose paid period ended (past the grace) reads expired and is refused', async () => {
    const d = await userWithoutPlan();
    await deliver({
      event_type: 'subscription.updated',
      data: subscription(d, 'active', { endsAt: Date.now() - 4 * DAY }),
    });
    const g = await gate(d);
    expect(errorCode(g)).toBe('SYNC_PAYMENT_REQUIRED');
    expect((g.body as { error: { status: string } }).error.status).toBe('expired');
    expect(await report(d)).toMatchObject({ status: 'expired', syncAllowed: false });
    // inside the grace (ended a day ago) it still syncs: a renewal may be on its way
    await deliver({
      event_type: 'subscription.updated',
      data: subscription(d, 'active', { endsAt: Date.now() - DAY }),
    });
    expect((await gate(d)).status).toBe(200);
  });

  it('reconcile provisions only a completed transaction of the caller; a foreign one is refused', async () => {
    const a = await userWithoutPlan();
    const b = await userWithoutPlan();
    const txn = await checkout(a, PLUS);
    const early = await api('/auth/billing/reconcile', {
      token: a.accessToken,
      body: { transactionId: txn },
    });
    expect([early.status, errorCode(early)]).toEqual([409, 'BILLING_NOT_COMPLETED']);
    // paid, but the webhooks never arrive
    await fakeCall(`/_fake/transactions/${txn}/complete`, { webhooks: false });
    expect(errorCode(await gate(a))).toBe('SYNC_PAYMENT_REQUIRED');

    const foreign = await api('/auth/billing/reconcile', {
      token: b.accessToken,
      body: { transactionId: txn },
    });
    expect([foreign.status, errorCode(foreign)]).toEqual([403, 'FORBIDDEN']);
    expect(errorCode(await gate(b))).toBe('SYNC_PAYMENT_REQUIRED');
    const bNone = await api<{ provisioned: boolean }>('/auth/billing/reconcile', {
      token: b.accessToken,
      body: {},
    });
    expect(bNone.body.provisioned).toBe(false);
    expect(errorCode(await gate(b))).toBe('SYNC_PAYMENT_REQUIRED');

    const missing = await api('/auth/billing/reconcile', {
      token: a.accessToken,
      body: { transactionId: `txn_${'0'.repeat(26)}` },
    });
    expect(errorCode(missing)).toBe('NOT_FOUND');
    const bad = await api('/auth/billing/reconcile', { token: a.accessToken, body: { transactionId: 'x' } });
    expect(errorCode(bad)).toBe('VALIDATION_ERROR');

    // no id: the caller's own recent checkout is found and provisions
    const mine = await api<{ provisioned: boolean; billing: BillingReport }>('/auth/billing/reconcile', {
      token: a.accessToken,
      body: {},
    });
    expect(mine.body.provisioned).toBe(true);
    expect(mine.body.billing).toMatchObject({ plan: 'plus', status: 'active', syncAllowed: true });
    expect((await gate(a)).status).toBe(200);
    expect(errorCode(await api('/auth/billing/reconcile', { body: {} }))).toBe('UNAUTHENTICATED');
  });

  it('reconciling an old payment never undoes a later cancellation', async () => {
    const d = await userWithoutPlan();
    const txn = await checkout(d);
    await fakeCall(`/_fake/transactions/${txn}/complete`, {});
    await deliver({ event_type: 'subscription.canceled', data: subscription(d, 'canceled') });
    const res = await api<{ billing: BillingReport }>('/auth/billing/reconcile', {
      token: d.accessToken,
      body: { transactionId: txn },
    });
    expect(res.body.billing.status).toBe('canceled');
    expect(errorCode(await gate(d))).toBe('SYNC_PAYMENT_REQUIRED');
  });
});
