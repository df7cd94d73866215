-- Cairn sync service metadata schema (D1 / SQLite).
-- Change log: 2026-11-21 initial schema (accounts, devices, sessions, plans, vaults, records,
-- CRDT note bodies, rate windows).

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
);

-- One pending one-time code per email; only its SHA-256 is stored.
CREATE TABLE otp_codes (
  email TEXT PRIMARY KEY,
  code_hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE devices (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  name TEXT NOT NULL,
  platform TEXT,
  public_key TEXT NOT NULL, -- base64 Ed25519 public key (32 bytes)
  created_at INTEGER NOT NULL,
  revoked_at INTEGER,
  last_cursor_seen INTEGER
);
CREATE INDEX devices_by_user ON devices (user_id);

-- Rotating refresh tokens, stored hashed. A family is one sign-in; reusing a rotated token
-- revokes the whole family (token theft detection).
CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  family_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  device_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  rotated_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX refresh_tokens_by_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_by_device ON refresh_tokens (device_id);

CREATE TABLE key_verifiers (
  user_id TEXT PRIMARY KEY,
  verifier TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);

-- Sealed vault keys handed from one device to another (ciphertext only).
CREATE TABLE key_handoffs (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  from_device_id TEXT NOT NULL,
  to_device_id TEXT NOT NULL,
  vault_id TEXT NOT NULL,
  sealed_key TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX key_handoffs_by_target ON key_handoffs (user_id, to_device_id);

CREATE TABLE entitlements (
  user_id TEXT PRIMARY KEY,
  plan TEXT NOT NULL,      -- plus | pro | believer
  status TEXT NOT NULL,    -- active | trialing | inactive | past_due | paused | canceled | expired
  source TEXT NOT NULL,    -- billing provider name, or dev_seed
  expires_at INTEGER,
  updated_at INTEGER NOT NULL
);

CREATE TABLE account_usage (
  user_id TEXT PRIMARY KEY,
  bytes INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE client_policies (
  platform TEXT PRIMARY KEY,
  min_write_version TEXT,
  writes_enabled INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE sync_vaults (
  user_id TEXT NOT NULL,
  vault_id TEXT NOT NULL,
  encrypted_name TEXT NOT NULL,
  name_nonce TEXT NOT NULL,
  encrypted_icon TEXT,
  icon_nonce TEXT,
  icon_changed_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, vault_id)
);

-- Per-account cursor counter; incremented inside the same batch as the rows it orders.
CREATE TABLE account_cursors (
  user_id TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);

CREATE TABLE sync_items (
  user_id TEXT NOT NULL,
  vault_id TEXT NOT NULL,
  type TEXT NOT NULL,
  id TEXT NOT NULL,
  device_id TEXT NOT NULL,
  vector_clock TEXT NOT NULL,
  blob_key TEXT,           -- NULL once a tombstone's payload is purged (the row stays as a marker)
  size_bytes INTEGER NOT NULL,
  content_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  deleted_at INTEGER,
  signature TEXT NOT NULL,
  crypto_version INTEGER NOT NULL,
  delete_attestation TEXT,
  server_cursor INTEGER,
  committed_at_ms INTEGER,
  platform TEXT,
  version TEXT,
  purged_at INTEGER,
  PRIMARY KEY (user_id, vault_id, type, id)
);
CREATE INDEX sync_items_by_cursor ON sync_items (user_id, vault_id, server_cursor);
CREATE INDEX sync_items_by_deleted ON sync_items (deleted_at) WHERE deleted_at IS NOT NULL AND purged_at IS NULL;

CREATE TABLE crdt_updates (
  user_id TEXT NOT NULL,
  vault_id TEXT NOT NULL,
  note_id TEXT NOT NULL,
  sequence_num INTEGER NOT NULL,
  hash TEXT NOT NULL,
  data BLOB NOT NULL,
  size_bytes INTEGER NOT NULL,
  device_id TEXT NOT NULL,
  server_cursor INTEGER,
  created_at INTEGER NOT NULL,
  platform TEXT,
  version TEXT,
  PRIMARY KEY (user_id, vault_id, note_id, sequence_num)
);
CREATE UNIQUE INDEX crdt_updates_dedupe ON crdt_updates (user_id, vault_id, note_id, hash);
CREATE INDEX crdt_updates_by_cursor ON crdt_updates (user_id, vault_id, server_cursor);

-- Per-note sequence counter shared by updates and snapshots.
CREATE TABLE crdt_sequences (
  user_id TEXT NOT NULL,
  vault_id TEXT NOT NULL,
  note_id TEXT NOT NULL,
  value INTEGER NOT NULL,
  PRIMARY KEY (user_id, vault_id, note_id)
);

CREATE TABLE crdt_snapshots (
  user_id TEXT NOT NULL,
  vault_id TEXT NOT NULL,
  note_id TEXT NOT NULL,
  sequence_num INTEGER NOT NULL,
  revision TEXT,           -- NULL for rows written before revisions: derived at read time
  blob_key TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  signer_device_id TEXT NOT NULL,
  signature TEXT NOT NULL,
  server_cursor INTEGER,
  created_at INTEGER NOT NULL,
  platform TEXT,
  version TEXT,
  PRIMARY KEY (user_id, vault_id, note_id)
);
CREATE INDEX crdt_snapshots_by_cursor ON crdt_snapshots (user_id, vault_id, server_cursor);

-- Exact fixed-window rate counters (spec 8.1).
CREATE TABLE rate_windows (
  bucket TEXT NOT NULL,
  key TEXT NOT NULL,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (bucket, key, window_start)
);
