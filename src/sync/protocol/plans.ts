/**
 * Plans and their limits (spec 2.7, 8.2) and the billing report of `GET /auth/billing`.
 * Plus's vault limit is not given by the spec; Cairn sets it to 3 (docs/protocol.md).
 */
export const PLAN_IDS = ['plus', 'pro', 'believer'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanLimits {
  storageBytes: number;
  /** null = unlimited */
  vaultLimit: number | null;
  fileBytes: number;
  versionHistoryDays: number;
}

const GB = 1024 ** 3;
const MB = 1024 ** 2;

export const PLAN_LIMITS: Readonly<Record<PlanId, PlanLimits>> = {
  plus: { storageBytes: 1 * GB, vaultLimit: 3, fileBytes: 15 * MB, versionHistoryDays: 30 },
  pro: { storageBytes: 10 * GB, vaultLimit: 10, fileBytes: 200 * MB, versionHistoryDays: 365 },
  believer: { storageBytes: 50 * GB, vaultLimit: null, fileBytes: 200 * MB, versionHistoryDays: 365 },
};

export const ENTITLEMENT_STATUSES = [
  'active',
  'trialing',
  'inactive',
  'past_due',
  'paused',
  'canceled',
  'expired',
] as const;
export type EntitlementStatus = (typeof ENTITLEMENT_STATUSES)[number];
/** Statuses that allow sync; every other status (and no entitlement) denies it. */
export const SYNC_ALLOWED_STATUSES: ReadonlySet<EntitlementStatus> = new Set(['active', 'trialing']);

export interface BillingReport {
  /** null when the account never had an entitlement */
  plan: PlanId | null;
  status: EntitlementStatus | 'none';
  syncAllowed: boolean;
  limits: PlanLimits | null;
  usage: { storageBytes: number; vaults: number };
  expiresAt: number | null;
  /** whether a customer portal session can be opened: a provider is configured and billed this account */
  portalAvailable: boolean;
  /** whether a billing provider is configured (Upgrade: checkout token, pricing page) */
  checkoutAvailable: boolean;
  source: string | null;
}
