-- Storage usage kept exact inside every write transaction: payload bytes of item rows whose blob
-- is present (a purged tombstone counts 0), plus CRDT update and snapshot bytes.
-- Change log: 2026-11-21 created.

CREATE TRIGGER sync_items_usage_insert AFTER INSERT ON sync_items BEGIN
  INSERT OR IGNORE INTO account_usage (user_id, bytes) VALUES (NEW.user_id, 0);
  UPDATE account_usage SET bytes = bytes + (CASE WHEN NEW.blob_key IS NULL THEN 0 ELSE NEW.size_bytes END)
    WHERE user_id = NEW.user_id;
END;

CREATE TRIGGER sync_items_usage_update AFTER UPDATE OF size_bytes, blob_key ON sync_items BEGIN
  UPDATE account_usage SET bytes = bytes
    - (CASE WHEN OLD.blob_key IS NULL THEN 0 ELSE OLD.size_bytes END)
    + (CASE WHEN NEW.blob_key IS NULL THEN 0 ELSE NEW.size_bytes END)
    WHERE user_id = NEW.user_id;
END;

CREATE TRIGGER sync_items_usage_delete AFTER DELETE ON sync_items BEGIN
  UPDATE account_usage SET bytes = bytes - (CASE WHEN OLD.blob_key IS NULL THEN 0 ELSE OLD.size_bytes END)
    WHERE user_id = OLD.user_id;
END;

CREATE TRIGGER crdt_updates_usage_insert AFTER INSERT ON crdt_updates BEGIN
  INSERT OR IGNORE INTO account_usage (user_id, bytes) VALUES (NEW.user_id, 0);
  UPDATE account_usage SET bytes = bytes + NEW.size_bytes WHERE user_id = NEW.user_id;
END;

CREATE TRIGGER crdt_updates_usage_delete AFTER DELETE ON crdt_updates BEGIN
  UPDATE account_usage SET bytes = bytes - OLD.size_bytes WHERE user_id = OLD.user_id;
END;

CREATE TRIGGER crdt_snapshots_usage_insert AFTER INSERT ON crdt_snapshots BEGIN
  INSERT OR IGNORE INTO account_usage (user_id, bytes) VALUES (NEW.user_id, 0);
  UPDATE account_usage SET bytes = bytes + NEW.size_bytes WHERE user_id = NEW.user_id;
END;

CREATE TRIGGER crdt_snapshots_usage_update AFTER UPDATE OF size_bytes ON crdt_snapshots BEGIN
  UPDATE account_usage SET bytes = bytes - OLD.size_bytes + NEW.size_bytes WHERE user_id = NEW.user_id;
END;

CREATE TRIGGER crdt_snapshots_usage_delete AFTER DELETE ON crdt_snapshots BEGIN
  UPDATE account_usage SET bytes = bytes - OLD.size_bytes WHERE user_id = OLD.user_id;
END;
