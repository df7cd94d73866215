-- Record packs (docs/packs.md "Record packs"; Cairn's contract change of spec 9.6): a `records`
-- pack holds every changes-feed entry of a vault in (from_cursor, max_cursor]; packs of one vault
-- chain (the next one's from_cursor is this one's max_cursor), which the client checks. NULL for
-- `crdt_snapshot` packs. The watermark of `records` is a server_cursor (last_sort_tiebreak '').
-- Change log: 2026-11-29 (issue 16) created.

ALTER TABLE pack_index ADD COLUMN from_cursor INTEGER;
