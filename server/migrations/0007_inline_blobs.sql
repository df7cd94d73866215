-- Small payload blobs (records and snapshots up to INLINE_BLOB_MAX_BYTES) live here instead of one
-- R2 object each: on the local service one R2 put cost ~50 ms and a 100-item push ~940 ms of
-- object writes (docs/protocol.md, "Small blobs inline in D1"). Keys are the object keys, so
-- per-account isolation (the `<userId>/` prefix), write-once semantics, deletes and purges are
-- those of the object store. Change log: 2026-11-21 (session 5) created.

CREATE TABLE inline_blobs (
  key TEXT PRIMARY KEY,
  bytes BLOB NOT NULL
);
