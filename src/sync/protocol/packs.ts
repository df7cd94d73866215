/**
 * Compaction packs on the wire (spec 2.11, 3.6, 3.7; docs/packs.md): the listing
 * `GET /sync/packs?limit=&cursor=` and the meta JSON of a packed snapshot entry. Imported by the
 * service (which builds both) and the client bootstrap (which validates both).
 *
 * Change log: 2026-11-28 version 1 (issue 16). 2026-11-29: `records` packs (the changes feed in
 * packs, Cairn's contract change of spec 9.6; docs/packs.md "Record packs"), listed only to a
 * client that asks for them with `kinds=`; `fromCursor` on their listing entries; the listing
 * entry's `kind` is any string (a client ignores a kind it does not know).
 */
import * as v from 'valibot';

/** Snapshot baselines (spec 3.6): listed to every client. */
export const PACK_KIND_CRDT_SNAPSHOT = 'crdt_snapshot';
/**
 * The vault's changes feed in packs (records with their ciphertext, and the feed's note-body
 * entries): Cairn's contract change (docs/packs.md "Record packs"). Listed only when the request
 * names it in `kinds=`, so a client that predates it never sees one.
 */
export const PACK_KIND_RECORDS = 'records';
export const PACK_KINDS = [PACK_KIND_CRDT_SNAPSHOT, PACK_KIND_RECORDS] as const;
export type PackKind = (typeof PACK_KINDS)[number];

/** Page size bounds of the listing; the client asks PACK_LIST_PAGE_LIMIT (50). */
export const PACK_LIST_MAX_LIMIT = 100;

const nonNegative = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

/**
 * One listed pack. `minCursor`/`maxCursor` are the pack's sort range: the lowest and highest
 * `sortKey` of its entries (for snapshot packs, the rows' `created_at` in epoch seconds), so two
 * packs may share a boundary value (3.7's "packs that share a maxCursor"). `url` and `expiresAt`
 * (epoch ms) are absent when the deployment cannot presign. `sizeBytes` and `entryCount` are
 * Cairn's additions (the spec leaves further fields open): the pack's bytes and index records.
 */
export const PackListEntry = v.object({
  /** any string: a kind this build does not know is skipped by the discovery, never an error */
  kind: v.pipe(v.string(), v.minLength(1)),
  url: v.optional(v.pipe(v.string(), v.url())),
  expiresAt: v.optional(nonNegative),
  minCursor: nonNegative,
  maxCursor: nonNegative,
  sizeBytes: nonNegative,
  entryCount: nonNegative,
  /**
   * `records` packs only: the feed cursor the pack starts above (exclusive). The pack holds every
   * feed entry in (fromCursor, maxCursor], so packs chain: the next one's `fromCursor` is this
   * one's `maxCursor`.
   */
  fromCursor: v.optional(nonNegative),
});
export type PackListEntry = v.InferOutput<typeof PackListEntry>;

/**
 * A listing page, newest first. `nextCursor`: pass it as `cursor` for the next (older) page;
 * null when this page is the last.
 */
export const PackListResponse = v.object({
  packs: v.array(PackListEntry),
  nextCursor: v.nullable(nonNegative),
});
export type PackListResponse = v.InferOutput<typeof PackListResponse>;

/**
 * The meta JSON of a `crdt_snapshot` index record: the spec's `{sequenceNum, revision}` plus
 * `signature` (base64 Ed25519 over snapshotSigningBytes, exactly as the snapshot GET answers it;
 * a packed entry names no signer, so the reader tries every registered device key, spec 5.3).
 */
export const PackSnapshotMeta = v.object({
  sequenceNum: nonNegative,
  revision: v.pipe(v.string(), v.minLength(1)),
  signature: v.pipe(v.string(), v.minLength(1)),
});
export type PackSnapshotMeta = v.InferOutput<typeof PackSnapshotMeta>;

const clock = v.record(v.string(), v.pipe(v.number(), v.safeInteger(), v.minValue(0)));
const nullableString = v.nullable(v.string());
const nullableInt = v.nullable(v.pipe(v.number(), v.safeInteger()));

/**
 * The meta JSON of a `record` entry (kind 0) of a `records` pack: the pull item of the row
 * (spec 2.4) without its payload (the entry's bytes) and cursor (the entry's sortKey). `ref`
 * true: the entry carries no bytes (the row's object was missing, empty, of another size than
 * declared, or over 8 MB): the client fetches the row by id (`POST /sync/pull`), the item path.
 */
export const PackRecordMeta = v.object({
  type: v.pipe(v.string(), v.minLength(1)),
  id: v.pipe(v.string(), v.minLength(1)),
  ref: v.optional(v.boolean()),
  deviceId: v.optional(v.string()),
  vectorClock: v.optional(clock),
  deletedAt: v.optional(nullableInt),
  contentHash: v.optional(v.string()),
  sizeBytes: v.optional(nonNegative),
  cryptoVersion: v.optional(nonNegative),
  signature: v.optional(v.string()),
  deleteAttestation: v.optional(nullableString),
  committedAtMs: v.optional(nullableInt),
  createdAt: v.optional(v.pipe(v.number(), v.safeInteger())),
  updatedAt: v.optional(v.pipe(v.number(), v.safeInteger())),
  platform: v.optional(nullableString),
  version: v.optional(nullableString),
});
export type PackRecordMeta = v.InferOutput<typeof PackRecordMeta>;

/**
 * The meta JSON of a note-body entry of a `records` pack: the feed's note-body entry (spec 2.4)
 * at that cursor. An update (kind 2) carries its bytes when they are at most 4 KiB (as the feed
 * inlines them), none otherwise; a snapshot (kind 1) never carries bytes: like the feed's entry it
 * is a reference, merged through the baseline GET unless the device holds that revision.
 */
export const PackBodyUpdateMeta = v.object({ sequenceNum: nonNegative, sizeBytes: nonNegative });
export const PackBodySnapshotMeta = v.object({
  sequenceNum: nonNegative,
  revision: v.pipe(v.string(), v.minLength(1)),
});
