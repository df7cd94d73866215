import { type Context, Hono } from 'hono';
import { type CheckoutTokenResponse, ReconcileRequest } from '../../../src/sync/protocol/billing';
import { RevokeDeviceRequest } from '../../../src/sync/protocol/devices';
import { KeyHandoffRequest, KeyVerifierPut } from '../../../src/sync/protocol/keys';
import { issueCheckoutToken } from '../billing/checkout-token';
import { portalSession } from '../billing/portal';
import { reconcile } from '../billing/reconcile';
import { listDevices, revokeDevice } from '../devices/directory';
import { claimHandoffs, depositHandoff } from '../devices/key-handoffs';
import { readKeyVerifier, writeKeyVerifier } from '../devices/key-verifier';
import { errorResponse } from '../http/errors';
import { parseBody } from '../http/parse-body';
import { send } from '../http/send';
import type { AppEnv } from '../http/types';
import { authenticate } from '../middleware/authenticate';
import { billingReport } from '../plans/billing-report';
import { resolveVault } from '../vaults/resolve-vault';

/**
 * Authenticated account routes outside `/sync`: the device directory, revocation, the key
 * verifier, sealed key handoffs and the billing report. Mounted at the root.
 */
export function accountRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  for (const path of [
    '/auth/devices',
    '/auth/key-verifier',
    '/auth/billing',
    '/auth/billing/*',
    '/devices',
    '/devices/*',
    '/keys/*',
  ]) {
    r.use(path, authenticate);
  }

  r.get('/auth/devices', async (c) => {
    const { userId, deviceId } = c.get('auth');
    return c.json({ devices: await listDevices(c.get('deps'), userId, deviceId, true) });
  });
  r.get('/devices', async (c) => {
    const { userId, deviceId } = c.get('auth');
    return c.json({ devices: await listDevices(c.get('deps'), userId, deviceId, false) });
  });
  r.post('/devices/revoke', async (c) => {
    const body = await parseBody(c, RevokeDeviceRequest);
    if (!body.ok) return body.response;
    return send(c, await revokeDevice(c.get('deps'), c.get('auth').userId, body.value.deviceId));
  });

  // Per vault: the vault resolves from X-Svc-Vault-Id exactly as on sync routes (no plan gate).
  const vaultOf = (c: Context<AppEnv>) =>
    resolveVault(c.get('deps'), c.get('auth').userId, c.req.header('x-svc-vault-id') ?? null, null);
  r.get('/auth/key-verifier', async (c) => {
    const vault = await vaultOf(c);
    if (!vault.ok) return send(c, vault);
    return c.json(await readKeyVerifier(c.get('deps'), c.get('auth').userId, vault.value));
  });
  r.put('/auth/key-verifier', async (c) => {
    const body = await parseBody(c, KeyVerifierPut);
    if (!body.ok) return body.response;
    const vault = await vaultOf(c);
    if (!vault.ok) return send(c, vault);
    return send(
      c,
      await writeKeyVerifier(
        c.get('deps'),
        c.get('auth').userId,
        vault.value,
        body.value.verifier,
        body.value.rotate,
      ),
    );
  });

  r.post('/keys/handoff', async (c) => {
    const body = await parseBody(c, KeyHandoffRequest);
    if (!body.ok) return body.response;
    const { userId, deviceId } = c.get('auth');
    return send(c, await depositHandoff(c.get('deps'), userId, deviceId, body.value));
  });
  r.post('/keys/claim', async (c) => {
    const { userId, deviceId } = c.get('auth');
    return c.json({ handoffs: await claimHandoffs(c.get('deps'), userId, deviceId) });
  });

  // Billing (docs/billing.md). Without a provider: 501 BILLING_UNAVAILABLE, and the report says so.
  r.post('/auth/billing/reconcile', async (c) => {
    const body = await parseBody(c, ReconcileRequest);
    if (!body.ok) return body.response;
    return send(c, await reconcile(c.get('deps'), c.get('auth').userId, body.value.transactionId));
  });
  r.post('/auth/billing/portal-session', async (c) => {
    const answer = await portalSession(c.get('deps'), c.get('auth').userId);
    // a temporary authenticated link (spec 5.10): no cache may keep it
    c.header('Cache-Control', 'no-store');
    return send(c, answer);
  });
  r.on(['GET', 'POST'], '/auth/checkout-token', authenticate, async (c) => {
    const deps = c.get('deps');
    const billing = deps.config.billing;
    const secret = deps.config.tokenSecret;
    if (!billing || !secret)
      return errorResponse(c, 'BILLING_UNAVAILABLE', 'no billing provider is configured');
    c.header('Cache-Control', 'no-store');
    const issued = await issueCheckoutToken(secret, c.get('auth').userId, deps.clock.nowMs());
    const answer: CheckoutTokenResponse = { ...issued, pricingUrl: billing.pricingUrl };
    return c.json(answer);
  });
  r.get('/auth/billing', async (c) => c.json(await billingReport(c.get('deps'), c.get('auth').userId)));
  return r;
}
