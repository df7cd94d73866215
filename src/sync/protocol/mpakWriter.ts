import { sha256 } from '@noble/hashes/sha2.js';
import { PACK_HARD_MAX_BYTES, PACK_MAX_ENTRIES, PACK_MAX_INDEX_ENTRY_BYTES } from './limits';
import {
  MPAK_MAGIC,
  MPAK_U16_MAX,
  MPAK_VERSION,
  type MpakKind,
  PACK_FOOTER_SIZE,
  PACK_HEADER_SIZE,
  PACK_INDEX_RECORD_FIXED_BYTES,
} from './mpakFormat';

/** One entry to pack: its ciphertext is copied verbatim into the payload. */
export interface MpakEntryInput {
  readonly kind: MpakKind;
  readonly id: string;
  readonly key: string;
  readonly sortKey: bigint;
  readonly meta: string;
  readonly bytes: Uint8Array;
}

/**
 * The pack as an ordered list of parts (header, each entry's bytes, index, footer) so the service
 * can hand them to the object store without copying every ciphertext once more.
 * Throws RangeError when the input breaks a PACK_* limit: the producer selects within them, so
 * that is a broken invariant, not bad user input.
 */
export function encodeMpak(entries: readonly MpakEntryInput[]): { parts: Uint8Array[]; byteLength: number } {
  if (entries.length > PACK_MAX_ENTRIES)
    throw new RangeError(`pack holds at most ${PACK_MAX_ENTRIES} entries`);
  const utf8 = new TextEncoder();
  const payloadHash = sha256.create();
  const records: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const id = utf8.encode(entry.id);
    const key = utf8.encode(entry.key);
    const meta = utf8.encode(entry.meta);
    if (id.length > MPAK_U16_MAX || key.length > MPAK_U16_MAX || meta.length > MPAK_U16_MAX) {
      throw new RangeError('pack index field longer than 65535 bytes');
    }
    const size = PACK_INDEX_RECORD_FIXED_BYTES + id.length + key.length + meta.length;
    if (size > PACK_MAX_INDEX_ENTRY_BYTES)
      throw new RangeError(`index record over ${PACK_MAX_INDEX_ENTRY_BYTES} bytes`);
    const record = new Uint8Array(size);
    const view = new DataView(record.buffer);
    let at = 0;
    view.setUint8(at, entry.kind);
    at += 1;
    for (const field of [id, key]) {
      view.setUint16(at, field.length);
      record.set(field, at + 2);
      at += 2 + field.length;
    }
    view.setBigInt64(at, entry.sortKey);
    at += 8;
    view.setUint16(at, meta.length);
    record.set(meta, at + 2);
    at += 2 + meta.length;
    view.setBigUint64(at, BigInt(offset));
    view.setBigUint64(at + 8, BigInt(entry.bytes.length));
    record.set(sha256(entry.bytes), at + 16);
    records.push(record);
    payloadHash.update(entry.bytes);
    offset += entry.bytes.length;
  }
  const indexOffset = PACK_HEADER_SIZE + offset;
  const indexBytes = records.reduce((sum, r) => sum + r.length, 0);
  const byteLength = indexOffset + indexBytes + PACK_FOOTER_SIZE;
  if (byteLength > PACK_HARD_MAX_BYTES) throw new RangeError(`pack over ${PACK_HARD_MAX_BYTES} bytes`);

  const header = new Uint8Array(PACK_HEADER_SIZE);
  header.set(MPAK_MAGIC, 0);
  header[4] = MPAK_VERSION;
  const footer = new Uint8Array(PACK_FOOTER_SIZE);
  const footerView = new DataView(footer.buffer);
  footer.set(payloadHash.digest(), 0);
  footerView.setBigUint64(32, BigInt(entries.length));
  footerView.setBigUint64(40, BigInt(indexOffset));
  footer.set(MPAK_MAGIC, 48);
  footer[52] = MPAK_VERSION;
  return { parts: [header, ...entries.map((e) => e.bytes), ...records, footer], byteLength };
}

/** The whole pack in one array (tests and small packs). */
export function encodeMpakBytes(entries: readonly MpakEntryInput[]): Uint8Array {
  const { parts, byteLength } = encodeMpak(entries);
  const out = new Uint8Array(byteLength);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
