import { MAX_BOUND_PARAMETERS } from '../../../src/sync/protocol/limits';
import type { BlobEntry, BlobStore } from '../ports/blobs';
import { type Sql, sql } from '../ports/sql';

/**
 * Objects up to this size are stored in D1 (`inline_blobs`), larger ones in the object store.
 * A note record is ~1 KB sealed and a short note's snapshot a few KB: on the local service one
 * R2 put cost ~50 ms and dominated every push (docs/protocol.md, "Small blobs inline in D1").
 */
export const INLINE_BLOB_MAX_BYTES = 16 * 1024;
// one D1 batch carries at most this many bytes of objects (D1 bounds a request's size)
const BATCH_BYTES = 1024 * 1024;
const KEYS_PER_SELECT = MAX_BOUND_PARAMETERS - 1;
const ROWS_PER_INSERT = Math.floor((MAX_BOUND_PARAMETERS - 1) / 2);

/**
 * A BlobStore that keeps small objects inline in D1 and delegates the rest to `large`. Keys are
 * the same object keys either way, so callers (quota, purge, isolation by the `<userId>/` prefix)
 * do not know where an object lives. Reads look inline first: an object written before this
 * store existed is found in `large`. Deletes and lists cover both.
 */
export function inlineBlobs(db: Sql, large: BlobStore, maxInline = INLINE_BLOB_MAX_BYTES): BlobStore {
  const small = (e: BlobEntry) => e.bytes.byteLength <= maxInline;

  async function putInline(entries: readonly BlobEntry[]): Promise<void> {
    for (const chunk of byBytes(entries)) {
      // same key, same bytes (keys carry a content hash or a fresh revision): a retry replaces
      await db.batch(
        chunk.map((e) =>
          sql('INSERT OR REPLACE INTO inline_blobs (key, bytes) VALUES (?, ?)', e.key, e.bytes),
        ),
      );
    }
  }

  async function getMany(keys: readonly string[]): Promise<(Uint8Array | null)[]> {
    const found = new Map<string, Uint8Array>();
    for (let i = 0; i < keys.length; i += KEYS_PER_SELECT) {
      const part = keys.slice(i, i + KEYS_PER_SELECT);
      const rows = await db.all<{ key: string; bytes: Uint8Array }>(
        sql(`SELECT key, bytes FROM inline_blobs WHERE key IN (${part.map(() => '?').join(',')})`, ...part),
      );
      for (const r of rows) found.set(r.key, r.bytes);
    }
    const rest = keys.filter((k) => !found.has(k));
    const fromLarge = rest.length > 0 ? await large.getMany(rest) : [];
    const other = new Map(rest.map((k, i) => [k, fromLarge[i] ?? null]));
    return keys.map((k) => found.get(k) ?? other.get(k) ?? null);
  }

  return {
    stage(entries) {
      const staged: BlobEntry[] = [];
      const rest: BlobEntry[] = [];
      let bytes = 0;
      for (const e of entries) {
        if (small(e) && bytes + e.bytes.byteLength <= BATCH_BYTES) {
          bytes += e.bytes.byteLength;
          staged.push(e);
        } else rest.push(e);
      }
      // multi-row inserts (49 rows, 98 parameters each): three statements for a 100-item push
      const statements = [];
      for (let i = 0; i < staged.length; i += ROWS_PER_INSERT) {
        const part = staged.slice(i, i + ROWS_PER_INSERT);
        statements.push(
          sql(
            `INSERT OR REPLACE INTO inline_blobs (key, bytes) VALUES ${part.map(valuesRow).join(', ')}`,
            ...part.flatMap((e) => [e.key, asText(e) ?? e.bytes]),
          ),
        );
      }
      return { statements, rest };
    },
    async put(key, bytes) {
      if (small({ key, bytes })) await putInline([{ key, bytes }]);
      else await large.put(key, bytes);
    },
    async get(key) {
      return (await getMany([key]))[0] ?? null;
    },
    async putMany(entries) {
      await Promise.all([putInline(entries.filter(small)), large.putMany(entries.filter((e) => !small(e)))]);
    },
    getMany,
    async delete(keys) {
      for (let i = 0; i < keys.length; i += KEYS_PER_SELECT) {
        const part = keys.slice(i, i + KEYS_PER_SELECT);
        await db.run(
          sql(`DELETE FROM inline_blobs WHERE key IN (${part.map(() => '?').join(',')})`, ...part),
        );
      }
      await large.delete(keys);
    },
    async list(prefix, limit) {
      const rows = await db.all<{ key: string }>(
        sql(
          'SELECT key FROM inline_blobs WHERE key >= ? AND key < ? ORDER BY key LIMIT ?',
          prefix,
          `${prefix}\uffff`,
          limit,
        ),
      );
      const keys = [...rows.map((r) => r.key), ...(await large.list(prefix, limit))];
      return keys.sort().slice(0, limit);
    },
  };
}

/**
 * A SQL expression: the inline bytes of the object whose key is the column `keyColumn`, NULL when
 * the object is not inline (then it is in the object store, or gone). Lets a route read a row
 * and its small object in one statement; the object's place stays this file's business.
 */
export function inlineBytesOf(keyColumn: string): string {
  return `(SELECT bytes FROM inline_blobs WHERE key = ${keyColumn})`;
}

/**
 * The entry's text when it may stand for its bytes: D1 stores a TEXT cast to BLOB as its UTF-8
 * bytes (the database encoding), so the row holds exactly `bytes` and reads back as before. A
 * string that is not well-formed (a lone surrogate) is sent as bytes.
 */
function asText(e: BlobEntry): string | null {
  return e.text === undefined || LONE_SURROGATE.test(e.text) ? null : e.text;
}

// in a `u` regex a surrogate pair is one code point, so only a lone surrogate matches
const LONE_SURROGATE = /\p{Cs}/u;

const valuesRow = (e: BlobEntry) => (asText(e) === null ? '(?, ?)' : '(?, CAST(? AS BLOB))');

/** Entries in groups of at most 50 statements and BATCH_BYTES of objects (one object always fits). */
function byBytes(entries: readonly BlobEntry[]): BlobEntry[][] {
  const groups: BlobEntry[][] = [];
  let group: BlobEntry[] = [];
  let bytes = 0;
  for (const e of entries) {
    if (group.length > 0 && (group.length >= 50 || bytes + e.bytes.byteLength > BATCH_BYTES)) {
      groups.push(group);
      group = [];
      bytes = 0;
    }
    group.push(e);
    bytes += e.bytes.byteLength;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}
