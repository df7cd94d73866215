-- Bootstrap sessions (spec 2.10, 3.4): one ledger row per open session. It serves only the
-- concurrency cap (2 unexpired sessions per user) and renewal's 6-hour ceiling; elevation is
-- decided from the signed token alone. Change log: 2026-11-21 (session 3) created.

CREATE TABLE bootstrap_sessions (
  jti TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  device_id TEXT NOT NULL,
  vault_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX bootstrap_sessions_by_user ON bootstrap_sessions (user_id, expires_at);
