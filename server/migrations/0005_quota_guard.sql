-- The storage quota enforced inside the write transaction (spec 2.7, 7): every D1 batch that grows
-- an account's storage ends with an upsert of this row whose value is whether usage (kept by the
-- triggers of 0002) is now over the plan's quota. The CHECK fails the statement, and with it the
-- whole batch, so two concurrent pushes can no longer both pass a check made before either
-- committed. The row holds nothing else; its value is always 0 after a committed batch.
-- Change log: 2026-11-21 (session 2) created.

CREATE TABLE quota_guards (
  user_id TEXT PRIMARY KEY,
  over_quota INTEGER NOT NULL CHECK (over_quota = 0)
);
