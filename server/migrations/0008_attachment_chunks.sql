-- Attachment chunks (issue 15; docs/protocol.md, "Attachments"): one row per encrypted chunk a
-- vault holds, its object in R2 at `r2_key` (`<user>/vaults/<vault>/chunks/<hash>`). The row is
-- the vault's proof of ownership for presign-batch, `attachment_id` ties it to the
-- `attachment_manifest` record whose tombstone releases it, and its bytes count toward the
-- storage quota through the triggers below (kept like those of 0002).
-- Change log: 2026-11-28 (session 11, issue 15) created.

CREATE TABLE attachment_chunks (
  user_id TEXT NOT NULL,
  vault_id TEXT NOT NULL,
  hash TEXT NOT NULL,
  attachment_id TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  r2_key TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, vault_id, hash)
);
CREATE INDEX attachment_chunks_by_attachment ON attachment_chunks (user_id, vault_id, attachment_id);

CREATE TRIGGER attachment_chunks_usage_insert AFTER INSERT ON attachment_chunks BEGIN
  INSERT OR IGNORE INTO account_usage (user_id, bytes) VALUES (NEW.user_id, 0);
  UPDATE account_usage SET bytes = bytes + NEW.size_bytes WHERE user_id = NEW.user_id;
END;

CREATE TRIGGER attachment_chunks_usage_delete AFTER DELETE ON attachment_chunks BEGIN
  UPDATE account_usage SET bytes = bytes - OLD.size_bytes WHERE user_id = OLD.user_id;
END;
