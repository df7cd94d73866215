-- Key verifiers (vault key records, docs/keys.md) are per vault, not per account.
-- Change log: 2026-11-21 replaces key_verifiers (no deployment held data in it yet).
DROP TABLE key_verifiers;

CREATE TABLE vault_key_verifiers (
  user_id TEXT NOT NULL,
  vault_id TEXT NOT NULL,
  verifier TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, vault_id)
);
