import type { BillingReport } from '../../../src/sync/protocol/plans';
import type { Deps } from '../deps';
import { sql } from '../ports/sql';
import { readEntitlement } from './entitlement';

/** `GET /auth/billing`: plan, status, limits, usage, expiry and the portal flag. Reads only. */
export async function billingReport(deps: Deps, userId: string): Promise<BillingReport> {
  const [ent, usage] = await Promise.all([
    readEntitlement(deps, userId),
    deps.sql.first<{ bytes: number | null; vaults: number }>(
      sql(
        `SELECT (SELECT bytes FROM account_usage WHERE user_id = ?) AS bytes,
                (SELECT COUNT(*) FROM sync_vaults WHERE user_id = ?) AS vaults`,
        userId,
        userId,
      ),
    ),
  ]);
  return {
    plan: ent?.plan ?? null,
    status: ent?.status ?? 'none',
    syncAllowed: ent?.syncAllowed ?? false,
    limits: ent?.limits ?? null,
    usage: { storageBytes: usage?.bytes ?? 0, vaults: usage?.vaults ?? 0 },
    expiresAt: ent?.expiresAt ?? null,
    // only when a provider is configured AND bills this account: a dev_seed or SQL row has no portal
    portalAvailable: deps.billing !== null && ent?.customerId != null,
    checkoutAvailable: deps.billing !== null,
    source: ent?.source ?? null,
  };
}
