import { createMiddleware } from 'hono/factory';
import { errorResponse } from '../http/errors';
import type { AppEnv } from '../http/types';
import { type EntitlementRow, entitlementOf, entitlementStatement } from '../plans/entitlement';
import { type VaultRow, vaultRowsStatement } from '../vaults/resolve-vault';
import { type DeviceRow, deviceRefusal, deviceStatement, verifyBearer } from './authenticate';

/**
 * Authentication (spec 5.1) then the paid-plan gate (spec 1.4, 5.2) of every `/sync/*` request,
 * with the account's vault directory, read in ONE D1 batch: on the local service each D1 round
 * trip cost as much as the work it carried, and these three reads were three of a snapshot GET's
 * six (docs/protocol.md, "Where a request's time goes"). Nothing is cached: every request reads
 * the device's revocation and the plan afresh. The checks keep their order: a bad token (401,
 * no database access), a revoked, gone or foreign device (401 DEVICE_REVOKED), then no active plan
 * (402 SYNC_PAYMENT_REQUIRED). The vault rows are handed to `vaultScope` only after both passed.
 */
export const syncAccess = createMiddleware<AppEnv>(async (c, next) => {
  const bearer = await verifyBearer(c);
  if (!bearer.ok) return bearer.response;
  const { auth } = bearer;
  const deps = c.get('deps');
  const [devices, entitlements, vaults] = await c
    .get('timing')
    .measure('access', () =>
      deps.sql.batch([
        deviceStatement(auth),
        entitlementStatement(auth.userId),
        vaultRowsStatement(auth.userId),
      ]),
    );
  const refused = deviceRefusal(c, devices?.[0] as DeviceRow | undefined);
  if (refused) return refused;
  c.set('auth', auth);
  const ent = entitlementOf(entitlements?.[0] as EntitlementRow | undefined, deps.clock.nowMs());
  if (!ent?.syncAllowed) {
    return errorResponse(c, 'SYNC_PAYMENT_REQUIRED', 'sync needs an active paid plan', {
      status: ent?.status ?? 'none',
    });
  }
  c.set('entitlement', ent);
  c.set('vaultRows', (vaults ?? []) as VaultRow[]);
  await next();
});
