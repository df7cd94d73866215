/**
 * Development-only tooling messages (routes under `/dev`, mounted only when ENVIRONMENT=development).
 *
 * `PUT /dev/client-policies/:platform` (development servers only): sets a platform's write floor
 * and kill switch, as an operator does in production with SQL on `client_policies`.
 */
import * as v from 'valibot';

export const DevClientPolicyRequest = v.strictObject({
  minWriteVersion: v.nullable(v.pipe(v.string(), v.maxLength(64))),
  writesEnabled: v.boolean(),
});
export type DevClientPolicyRequest = v.InferOutput<typeof DevClientPolicyRequest>;

/** `POST /dev/purge-tombstones` (development only): run the tombstone purge as of `asOfMs`. */
export const DevPurgeRequest = v.strictObject({ asOfMs: v.pipe(v.number(), v.safeInteger(), v.minValue(0)) });
export type DevPurgeRequest = v.InferOutput<typeof DevPurgeRequest>;

/** `POST /dev/lose-blob` (development only): delete one of the caller's own objects. */
export const DevLoseBlobRequest = v.strictObject({
  key: v.pipe(v.string(), v.minLength(1), v.maxLength(2048)),
});

/**
 * `POST /dev/age-bootstrap-sessions` (development only): moves the caller's bootstrap session
 * ledger rows `seconds` into the past (opening time and expiry), to reach the 6-hour ceiling.
 */
export const DevAgeBootstrapRequest = v.strictObject({
  seconds: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
});

/**
 * `PUT /dev/rate-windows/:bucket` (development only): sets the caller's count in the bucket's
 * current fixed window (spec 8.1) to `count`. Answers the window's bounds (epoch ms), so a test
 * can tell whether its requests after it fell in the same window.
 */
export const DevRateWindowRequest = v.strictObject({
  count: v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(1_000_000)),
});
export type DevRateWindowRequest = v.InferOutput<typeof DevRateWindowRequest>;
export interface DevRateWindowResponse {
  bucket: string;
  count: number;
  windowStart: number;
  windowEndsAt: number;
}

/**
 * `POST /dev/objects/presign` (development only): a signed GET URL of one of the caller's own
 * objects, signed as if the clock read `asOfMs` (an old instant gives an expired URL).
 * `PUT /dev/objects/<key>` (development only) writes the raw body as one of the caller's objects.
 */
export const DevPresignRequest = v.strictObject({
  key: v.pipe(v.string(), v.minLength(1), v.maxLength(2048)),
  asOfMs: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
});
export type DevPresignRequest = v.InferOutput<typeof DevPresignRequest>;

/** `POST /dev/reclaim-chunks` (development only): reclaim deleted files' chunks as of `asOfMs`. */
export const DevReclaimRequest = v.strictObject({
  asOfMs: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
});
export type DevReclaimRequest = v.InferOutput<typeof DevReclaimRequest>;

/**
 * `POST /dev/tamper-chunk` (development only): flips every bit of the first byte of one stored
 * chunk of the caller's vault (same size, wrong digest), so a client's refusal can be tested.
 */
export const DevTamperChunkRequest = v.strictObject({
  vaultId: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  hash: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
});
export type DevTamperChunkRequest = v.InferOutput<typeof DevTamperChunkRequest>;

/**
 * `POST /dev/packs/reset` (development only): forgets the packs of one of the caller's vaults
 * (pack_index rows, pack objects, watermark), as a deployment that never built any: its snapshots
 * become backlog for the next queue message or cron sweep.
 */
export const DevPackResetRequest = v.strictObject({
  vaultId: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
});
export type DevPackResetRequest = v.InferOutput<typeof DevPackResetRequest>;

/**
 * `POST /dev/snapshot-size` (development only): rewrites the DECLARED size of one of the caller's
 * snapshot rows (the object is untouched): a size-drifted row, or one declared over
 * MAX_PACKED_ITEM_BYTES, for the pack selection rules (spec 3.6).
 */
export const DevSnapshotSizeRequest = v.strictObject({
  vaultId: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  noteId: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  sizeBytes: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
});
export type DevSnapshotSizeRequest = v.InferOutput<typeof DevSnapshotSizeRequest>;
