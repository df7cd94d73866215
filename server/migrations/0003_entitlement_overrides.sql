-- Per-account limit overrides set by billing (custom deals) or, in development, by /dev/entitlement.
-- NULL means the plan's default (src/sync/protocol/plans.ts).
-- Change log: 2026-11-21 created.
ALTER TABLE entitlements ADD COLUMN storage_limit_bytes INTEGER;
ALTER TABLE entitlements ADD COLUMN file_limit_bytes INTEGER;
