import {
  type EntitlementStatus,
  PLAN_IDS,
  PLAN_LIMITS,
  type PlanId,
  type PlanLimits,
  SYNC_ALLOWED_STATUSES,
} from '../../../src/sync/protocol/plans';
import type { Deps } from '../deps';
import { type Statement, sql } from '../ports/sql';

export interface Entitlement {
  plan: PlanId;
  status: EntitlementStatus;
  source: string;
  expiresAt: number | null;
  limits: PlanLimits;
  /** the billing provider's customer and subscription (null for dev_seed and SQL rows) */
  customerId: string | null;
  subscriptionId: string | null;
  /** active-or-trialing and not past expiry */
  syncAllowed: boolean;
}

export async function readEntitlement(deps: Deps, userId: string): Promise<Entitlement | null> {
  return entitlementOf(
    await deps.sql.first<EntitlementRow>(entitlementStatement(userId)),
    deps.clock.nowMs(),
  );
}

export interface EntitlementRow {
  plan: string;
  status: string;
  source: string;
  expires_at: number | null;
  storage_limit_bytes: number | null;
  file_limit_bytes: number | null;
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
}

/** The account's entitlement row (read with the access checks of a sync request, sync-access.ts). */
export function entitlementStatement(userId: string): Statement {
  return sql(
    `SELECT plan, status, source, expires_at, storage_limit_bytes, file_limit_bytes, provider_customer_id,
       provider_subscription_id FROM entitlements WHERE user_id = ?`,
    userId,
  );
}

/**
 * The entitlement a row grants at `nowMs`; null for no row or an unknown plan. An active or
 * trialing row past its expiry reads as `expired` (spec 2.7): no provider sends that status, the
 * paid period simply ended without a renewal.
 */
export function entitlementOf(row: EntitlementRow | null | undefined, nowMs: number): Entitlement | null {
  if (!row || !(PLAN_IDS as readonly string[]).includes(row.plan)) return null;
  const plan = row.plan as PlanId;
  const stored = row.status as EntitlementStatus;
  const unexpired = row.expires_at === null || row.expires_at > nowMs;
  const allowed = SYNC_ALLOWED_STATUSES.has(stored);
  return {
    plan,
    status: allowed && !unexpired ? 'expired' : stored,
    source: row.source,
    expiresAt: row.expires_at,
    limits: {
      ...PLAN_LIMITS[plan],
      storageBytes: row.storage_limit_bytes ?? PLAN_LIMITS[plan].storageBytes,
      fileBytes: row.file_limit_bytes ?? PLAN_LIMITS[plan].fileBytes,
    },
    customerId: row.provider_customer_id ?? null,
    subscriptionId: row.provider_subscription_id ?? null,
    syncAllowed: allowed && unexpired,
  };
}

/**
 * Development only: configured local accounts get an active Believer entitlement (`dev_seed`).
 * Never overwrites an entitlement from a billing provider. Production and staging never call it.
 */
export function devSeedStatement(deps: Deps, userId: string, email: string): Statement | null {
  if (!deps.config.development || !deps.config.devAccounts.has(email)) return null;
  return sql(
    `INSERT INTO entitlements (user_id, plan, status, source, expires_at, updated_at)
     VALUES (?, 'believer', 'active', 'dev_seed', NULL, ?)
     ON CONFLICT (user_id) DO UPDATE SET plan = 'believer', status = 'active', expires_at = NULL,
       updated_at = excluded.updated_at WHERE entitlements.source = 'dev_seed'`,
    userId,
    deps.clock.nowMs(),
  );
}
