-- Compaction packs (spec 2.11, 3.6; docs/packs.md): a derived cache of snapshot baselines.
-- `pack_index` makes a built pack listable (GET /sync/packs, newest first by `id`); its object
-- lives in R2 at `object_key`. A snapshot pack's sort values are the rows' created_at in epoch
-- seconds with the note id as tiebreak, so more than 256 snapshots may share one second: the
-- unique key adds the first entry's note id to the spec's (user, vault, kind, min cursor).
-- `pack_watermarks` holds, per (user, vault, kind), the position of the last row scanned
-- (last_sort_value, last_sort_tiebreak = note id); it only moves forward.
-- Packs count toward no storage quota (a derived cache, rebuilt from the rows).
-- Change log: 2026-11-28 (issue 16) created.

CREATE TABLE pack_index (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL,
  vault_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  min_cursor INTEGER NOT NULL,
  max_cursor INTEGER NOT NULL,
  min_tiebreak TEXT NOT NULL,
  max_tiebreak TEXT NOT NULL,
  object_key TEXT NOT NULL,
  entry_count INTEGER NOT NULL,
  size_bytes INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX pack_index_by_start ON pack_index (user_id, vault_id, kind, min_cursor, min_tiebreak);
CREATE INDEX pack_index_listing ON pack_index (user_id, vault_id, kind, id);

CREATE TABLE pack_watermarks (
  user_id TEXT NOT NULL,
  vault_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  last_sort_value INTEGER NOT NULL,
  last_sort_tiebreak TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, vault_id, kind)
);

-- the selection scans snapshots in pack order: (created_at in seconds, note id)
CREATE INDEX crdt_snapshots_pack_order ON crdt_snapshots (user_id, vault_id, (created_at / 1000), note_id);
