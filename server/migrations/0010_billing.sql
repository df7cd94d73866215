-- Billing provider (Paddle Billing, docs/billing.md): who the provider bills for an entitlement,
-- the newest provider event applied to it (out-of-order events never roll it back), the events
-- already handled (idempotency by event id) and the checkouts the service opened (reconcile
-- without a transaction id looks there).
-- Change log: 2026-11-28 created (issue 20 part 1).
ALTER TABLE entitlements ADD COLUMN provider_customer_id TEXT;
ALTER TABLE entitlements ADD COLUMN provider_subscription_id TEXT;
-- occurred_at (epoch ms) of the provider fact the row holds; NULL for dev_seed and SQL rows
ALTER TABLE entitlements ADD COLUMN provider_event_at INTEGER;
CREATE INDEX entitlements_by_customer ON entitlements (provider_customer_id);

CREATE TABLE billing_events (
  event_id TEXT PRIMARY KEY,
  event_type TEXT NOT NULL,
  occurred_at INTEGER NOT NULL,
  received_at INTEGER NOT NULL
);
CREATE INDEX billing_events_by_received ON billing_events (received_at);

CREATE TABLE billing_checkouts (
  transaction_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX billing_checkouts_by_user ON billing_checkouts (user_id, created_at);
