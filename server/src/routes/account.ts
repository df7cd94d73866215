import { Hono } from 'hono';
import { RevokeDeviceRequest } from '../../../src/sync/protocol/devices';
import { KeyHandoffRequest, KeyVerifierPut, type KeyVerifierResponse } from '../../../src/sync/protocol/keys';
import { listDevices, revokeDevice } from '../devices/directory';
import { claimHandoffs, depositHandoff } from '../devices/key-handoffs';
import { parseBody } from '../http/parse-body';
import { send } from '../http/send';
import type { AppEnv } from '../http/types';
import { authenticate } from '../middleware/authenticate';
import { billingReport } from '../plans/billing-report';
import { sql } from '../ports/sql';

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

  r.get('/auth/key-verifier', async (c) => {
    const row = await c
      .get('deps')
      .sql.first<{ verifier: string; updated_at: number }>(
        sql('SELECT verifier, updated_at FROM key_verifiers WHERE user_id = ?', c.get('auth').userId),
      );
    const res: KeyVerifierResponse = { verifier: row?.verifier ?? null, updatedAt: row?.updated_at ?? null };
    return c.json(res);
  });
  r.put('/auth/key-verifier', async (c) => {
    const body = await parseBody(c, KeyVerifierPut);
    if (!body.ok) return body.response;
    const deps = c.get('deps');
    const now = deps.clock.nowMs();
    await deps.sql.run(
      sql(
        `INSERT INTO key_verifiers (user_id, verifier, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET verifier = excluded.verifier, updated_at = excluded.updated_at`,
        c.get('auth').userId,
        body.value.verifier,
        now,
      ),
    );
    return c.json({ verifier: body.value.verifier, updatedAt: now } satisfies KeyVerifierResponse);
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

  r.get('/auth/billing', async (c) => c.json(await billingReport(c.get('deps'), c.get('auth').userId)));
  return r;
}
