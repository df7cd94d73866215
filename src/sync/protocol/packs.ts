/**
 * Compaction packs on the wire (spec 2.11, 3.6, 3.7; docs/packs.md): the listing
 * `GET /sync/packs?limit=&cursor=` and the meta JSON of a packed snapshot entry. Imported by the
 * service (which builds both) and the client bootstrap (which validates both).
 *
 * Change log: 2026-11-28 version 1 (issue 16).
 */
import * as v from 'valibot';

/** The only kind the service builds (spec 3.6, 9.6). */
export const PACK_KIND_CRDT_SNAPSHOT = 'crdt_snapshot';

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
  kind: v.literal(PACK_KIND_CRDT_SNAPSHOT),
  url: v.optional(v.pipe(v.string(), v.url())),
  expiresAt: v.optional(nonNegative),
  minCursor: nonNegative,
  maxCursor: nonNegative,
  sizeBytes: nonNegative,
  entryCount: nonNegative,
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
