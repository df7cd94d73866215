-- The daily chunk reclaim (server/src/attachments/reclaim.ts) starts from the tombstones of
-- `attachment_manifest` records; without this partial index it scanned every sync item (the
-- purge's index leaves out purged tombstones, and the purge runs first with the same window).
-- The query names the type as a literal so SQLite can use it.
-- Change log: 2026-11-28 (session 11, issue 15) created.

CREATE INDEX sync_items_manifest_tombstones ON sync_items (updated_at)
  WHERE type = 'attachment_manifest' AND deleted_at IS NOT NULL;
