import { MAX_PACKED_ITEM_BYTES, PACK_MAX_ITEMS, PACK_TARGET_BYTES } from '../../../src/sync/protocol/limits';

/** One snapshot row above the watermark, in pack order (sortValue, noteId). */
export interface PackCandidate {
  noteId: string;
  /** created_at in epoch seconds (spec 2.11: the sortKey of CRDT kinds) */
  sortValue: number;
  /** the row's declared size */
  sizeBytes: number;
  /** the note id has note or journal rows and every one of them is a tombstone */
  tombstonedOnly: boolean;
}

export type SlotVerdict = 'pack' | 'excluded' | 'tombstoned';

export interface PackWindow<T extends PackCandidate> {
  /** the rows the window scanned, each with what happens to it; the watermark moves past the last */
  slots: { row: T; verdict: SlotVerdict }[];
  /** the window stopped at a limit (count or bytes): rows may remain above it */
  full: boolean;
}

/**
 * The selection of spec 3.6 over rows already in ascending pack order above the watermark: up to
 * PACK_MAX_ITEMS rows, stopping before the projected payload (declared sizes of the rows to pack)
 * would cross PACK_TARGET_BYTES. A row over MAX_PACKED_ITEM_BYTES is excluded for good (scanned,
 * never packed, never counted); a snapshot whose note has only tombstoned note and journal rows
 * is skipped (scanned, so the watermark moves past it). Holes (a missing, empty or size-drifted
 * object) are found after the objects are read: `isHole`.
 */
export function selectWindow<T extends PackCandidate>(rows: readonly T[]): PackWindow<T> {
  const slots: { row: T; verdict: SlotVerdict }[] = [];
  let projected = 0;
  for (const row of rows) {
    if (slots.length >= PACK_MAX_ITEMS) return { slots, full: true };
    const verdict: SlotVerdict =
      row.sizeBytes > MAX_PACKED_ITEM_BYTES ? 'excluded' : row.tombstonedOnly ? 'tombstoned' : 'pack';
    if (verdict === 'pack') {
      if (projected + row.sizeBytes > PACK_TARGET_BYTES) return { slots, full: true };
      projected += row.sizeBytes;
    }
    slots.push({ row, verdict });
  }
  return { slots, full: slots.length >= PACK_MAX_ITEMS };
}

/** Spec 3.6 "per slot": a null object, a zero-length one, or one whose size is not the declared size. */
export function isHole(declaredSize: number, bytes: Uint8Array | null): boolean {
  return bytes === null || bytes.length === 0 || bytes.length !== declaredSize;
}
