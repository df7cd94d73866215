/**
 * MPAK version 1 (spec 2.11): the byte layout shared by the pack writer (service) and the pack
 * reader (client). All integers are big-endian.
 *
 *   header  8  : magic "MPAK", version u8, reserved u8 (0), flags u16 (0)
 *   payload    : entry ciphertexts, verbatim, in index order, no padding
 *   index      : one record per entry, in payload order
 *   footer  53 : payload sha256 (32), entryCount u64, indexOffset u64, magic "MPAK", version u8
 *
 * Index record: kind u8, id (u16 length + UTF-8), key (u16 length + bytes), sortKey i64,
 * meta (u16 length + UTF-8 JSON or empty), offset u64, length u64, sha256 (32).
 *
 * Change log: 2026-11-28 version 1 (issue 16).
 */
export const MPAK_MAGIC = new Uint8Array([0x4d, 0x50, 0x41, 0x4b]);
export const MPAK_VERSION = 1;
export const PACK_HEADER_SIZE = 8;
export const PACK_FOOTER_SIZE = 53;
/** kind u8 + three u16 lengths + sortKey + offset + length + sha256, without the variable parts. */
export const PACK_INDEX_RECORD_FIXED_BYTES = 1 + 2 + 2 + 8 + 2 + 8 + 8 + 32;
export const MPAK_U16_MAX = 0xffff;

/** Entry kinds of the index (spec 2.11). Only crdt_snapshot packs are produced (spec 3.6). */
export const MPAK_KIND = { record: 0, crdt_snapshot: 1, crdt_update: 2 } as const;
export type MpakKind = (typeof MPAK_KIND)[keyof typeof MPAK_KIND];

/** One index record as read back. `offset` is relative to the payload region. */
export interface MpakIndexEntry {
  readonly kind: MpakKind;
  /** note id for CRDT kinds, `type:id` for records */
  readonly id: string;
  /** source object key: the per-item fallback address */
  readonly key: string;
  /** server_cursor for records; created_at epoch seconds for CRDT kinds */
  readonly sortKey: bigint;
  /** UTF-8 JSON or '' (for snapshots `{sequenceNum, revision}`); parsed by the applier */
  readonly meta: string;
  readonly offset: number;
  readonly length: number;
  readonly sha256: Uint8Array;
}

/**
 * Why a pack was refused. Decided here (the spec names the checks, not their codes) and listed in
 * docs/protocol.md; every one of them makes the client discard the pack and use the item path.
 */
export type MpakErrorCode =
  | 'PACK_BAD_MAGIC'
  | 'PACK_UNSUPPORTED_VERSION'
  | 'PACK_TRUNCATED'
  | 'PACK_INDEX_OUT_OF_BOUNDS'
  | 'PACK_INDEX_TOO_LARGE'
  | 'PACK_INDEX_MALFORMED'
  | 'PACK_ENTRY_OUT_OF_BOUNDS'
  | 'PACK_PAYLOAD_DIGEST_MISMATCH'
  | 'PACK_ENTRY_DIGEST_MISMATCH'
  | 'PACK_READ_FAILED';

export interface MpakError {
  readonly code: MpakErrorCode;
  readonly message: string;
}

export type MpakResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: MpakError };

export const mpakFail = (code: MpakErrorCode, message: string): { ok: false; error: MpakError } => ({
  ok: false,
  error: { code, message },
});
