import type { MpakSource } from '../../protocol/mpakReader';
import type { BodyMark } from '../ports';

/**
 * What the pack bootstrap (spec 3.7) needs of the platform: raw fetch for the signed object URLs
 * (no session, no rate bucket), temp files for the transfers (OPFS in the browser), and the store
 * that commits seeded bodies with their durability rows. Absent: the whole run uses the item path.
 */
export interface PackPlatform {
  fetch: typeof fetch;
  /** null when this platform has no temp files (no OPFS): the run falls back (spec 7) */
  files: PackTempFiles | null;
  store: PackStorePort;
}

/** One pack's temp file: appended to while it streams, read back at random by the MPAK reader. */
export interface PackTempFile {
  size(): Promise<number>;
  append(bytes: Uint8Array): Promise<void>;
  /** back to 0 bytes (a server that answered 200 to a Range request) */
  truncate(): Promise<void>;
  /** the bytes written so far (the writer is flushed first) */
  source(): Promise<MpakSource>;
  remove(): Promise<void>;
}

export interface PackTempFiles {
  /** a new empty temp file; null when none can be made */
  create(name: string): Promise<PackTempFile | null>;
}

/** A body seeded from a pack: its Yjs state and the snapshot watermark it sets. */
export interface SeededBody {
  docId: string;
  state: Uint8Array;
  mark: BodyMark;
}

/** Durability rows of the seed (spec 2.12, 3.7 step 6). */
export const PACK_SEEDED_PREFIX = 'packSeeded:';
export const PACK_SEED_SETTLE_PENDING = 'packSeedSettlePending';
export const PACKS_APPLIED_THROUGH_CURSOR = 'PACKS_APPLIED_THROUGH_CURSOR';
/** Cairn's: what the last seed did, for Settings → Sync diagnostics (`{notes, packs, at}`). */
export const PACK_SEED_REPORT = 'packSeedReport';

export interface PackStorePort {
  /**
   * ONE local transaction, marked pulled (nothing queued): each body merged into its document
   * WITHOUT seeding it from local markdown (a note row absent: kept as raw CRDT state until the
   * record arrives), its snapshot watermark moved, a `packSeeded:<id>` row per body and
   * `packSeedSettlePending`, and the state rows given (the pack watermark at a pack's end).
   */
  commit(bodies: readonly SeededBody[], state: readonly { key: string; value: unknown }[]): Promise<void>;
  /** note ids with a `packSeeded:` row */
  seededIds(): Promise<string[]>;
  /**
   * Settles the seeded docs (spec 3.7 step 6), one transaction: a doc whose id has a note or
   * journal row is written to the row's text (an empty doc never is: its watermark is dropped
   * instead, answered in `dropped`); a doc whose id has no row is purged with its watermark.
   * Each settled id loses its `packSeeded:` row.
   */
  settle(docIds: readonly string[]): Promise<{ dropped: string[]; purged: string[] }>;
}
