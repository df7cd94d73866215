import { sha256 } from '@noble/hashes/sha2.js';
import { PACK_MAX_ENTRIES, PACK_MAX_INDEX_ENTRY_BYTES, PACK_READ_CHUNK_BYTES } from './limits';
import {
  MPAK_KIND,
  MPAK_MAGIC,
  MPAK_VERSION,
  type MpakError,
  type MpakIndexEntry,
  type MpakKind,
  type MpakResult,
  mpakFail,
  PACK_FOOTER_SIZE,
  PACK_HEADER_SIZE,
  PACK_INDEX_RECORD_FIXED_BYTES,
} from './mpakFormat';

/**
 * Random-access bytes of one pack (an OPFS temp file in the browser, an array in tests).
 * `read` returns exactly `length` bytes of [offset, offset + length) within `size`, or rejects.
 */
export interface MpakSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** A pack whose header, footer and index passed every structural check (not yet the digests). */
export interface MpakPack {
  readonly entries: readonly MpakIndexEntry[];
  readonly payloadLength: number;
  readonly payloadSha256: Uint8Array;
}

export const bytesSource = (bytes: Uint8Array): MpakSource => ({
  size: bytes.length,
  read: async (offset, length) => bytes.subarray(offset, offset + length),
});

const KINDS = new Set<number>(Object.values(MPAK_KIND));
const sameBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);
const isMagic = (bytes: Uint8Array, at: number): boolean => MPAK_MAGIC.every((x, i) => bytes[at + i] === x);

async function readExact(
  source: MpakSource,
  offset: number,
  length: number,
): Promise<MpakResult<Uint8Array>> {
  try {
    const bytes = await source.read(offset, length);
    if (bytes.length !== length)
      return mpakFail('PACK_TRUNCATED', 'the pack ended before a region it declares');
    return { ok: true, value: bytes };
  } catch {
    return mpakFail('PACK_READ_FAILED', 'the pack could not be read');
  }
}

/**
 * Checks the header, the footer and the whole index, without reading the payload:
 * magic and version at both ends, indexOffset and entryCount within bounds, the index no larger
 * than entryCount x PACK_MAX_INDEX_ENTRY_BYTES, every record well formed and every entry inside
 * the payload, contiguous, in payload order. Any failure is a value, never a throw.
 */
export async function openMpak(source: MpakSource): Promise<MpakResult<MpakPack>> {
  const size = source.size;
  if (size < PACK_HEADER_SIZE + PACK_FOOTER_SIZE)
    return mpakFail('PACK_TRUNCATED', 'the pack is shorter than header and footer');
  const header = await readExact(source, 0, PACK_HEADER_SIZE);
  if (!header.ok) return header;
  if (!isMagic(header.value, 0)) return mpakFail('PACK_BAD_MAGIC', 'the pack header has no MPAK magic');
  if (header.value[4] !== MPAK_VERSION)
    return mpakFail('PACK_UNSUPPORTED_VERSION', `pack version ${header.value[4]} is not 1`);
  if (header.value[5] !== 0 || header.value[6] !== 0 || header.value[7] !== 0) {
    return mpakFail('PACK_INDEX_MALFORMED', 'the pack header has reserved bits set');
  }
  const footer = await readExact(source, size - PACK_FOOTER_SIZE, PACK_FOOTER_SIZE);
  if (!footer.ok) return footer;
  const f = footer.value;
  // A cut pack loses its footer: the bytes where it should be are payload or index.
  if (!isMagic(f, 48)) return mpakFail('PACK_TRUNCATED', 'the pack footer has no MPAK magic (truncated?)');
  if (f[52] !== MPAK_VERSION)
    return mpakFail('PACK_UNSUPPORTED_VERSION', `pack footer version ${f[52]} is not 1`);
  const view = new DataView(f.buffer, f.byteOffset, f.byteLength);
  const entryCount = view.getBigUint64(32);
  const indexOffset = view.getBigUint64(40);
  const indexEnd = BigInt(size - PACK_FOOTER_SIZE);
  if (entryCount > BigInt(PACK_MAX_ENTRIES))
    return mpakFail('PACK_INDEX_TOO_LARGE', `entryCount ${entryCount} over ${PACK_MAX_ENTRIES}`);
  if (indexOffset < BigInt(PACK_HEADER_SIZE) || indexOffset > indexEnd) {
    return mpakFail('PACK_INDEX_OUT_OF_BOUNDS', 'indexOffset lies outside the pack');
  }
  const count = Number(entryCount);
  const start = Number(indexOffset);
  const indexLength = size - PACK_FOOTER_SIZE - start;
  if (indexLength > count * PACK_MAX_INDEX_ENTRY_BYTES)
    return mpakFail('PACK_INDEX_TOO_LARGE', 'the index is larger than its entries allow');
  if (indexLength < count * PACK_INDEX_RECORD_FIXED_BYTES)
    return mpakFail('PACK_INDEX_OUT_OF_BOUNDS', 'entryCount exceeds the index');
  const index = await readExact(source, start, indexLength);
  if (!index.ok) return index;
  const entries = parseIndex(index.value, count, start - PACK_HEADER_SIZE);
  if (!entries.ok) return entries;
  return {
    ok: true,
    value: { entries: entries.value, payloadLength: start - PACK_HEADER_SIZE, payloadSha256: f.slice(0, 32) },
  };
}

function parseIndex(bytes: Uint8Array, count: number, payloadLength: number): MpakResult<MpakIndexEntry[]> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const entries: MpakIndexEntry[] = [];
  let at = 0;
  let expectedOffset = 0;
  // entryCount promises more records than the index holds (or a length field lies)
  const short = () => mpakFail('PACK_INDEX_OUT_OF_BOUNDS', 'an index record runs past the index');
  const field = (): Uint8Array | null => {
    if (at + 2 > bytes.length) return null;
    const length = view.getUint16(at);
    if (at + 2 + length > bytes.length) return null;
    const out = bytes.subarray(at + 2, at + 2 + length);
    at += 2 + length;
    return out;
  };
  for (let i = 0; i < count; i++) {
    const recordStart = at;
    if (at + 1 > bytes.length) return short();
    const kind = view.getUint8(at);
    at += 1;
    if (!KINDS.has(kind)) return mpakFail('PACK_INDEX_MALFORMED', `unknown entry kind ${kind}`);
    const id = field();
    const key = id && field();
    if (!id || !key || at + 8 > bytes.length) return short();
    const sortKey = view.getBigInt64(at);
    at += 8;
    const meta = field();
    if (!meta || at + 48 > bytes.length) return short();
    const offset = view.getBigUint64(at);
    const length = view.getBigUint64(at + 8);
    const digest = bytes.slice(at + 16, at + 48);
    at += 48;
    if (at - recordStart > PACK_MAX_INDEX_ENTRY_BYTES)
      return mpakFail('PACK_INDEX_TOO_LARGE', 'an index record is over its limit');
    if (offset + length > BigInt(payloadLength))
      return mpakFail('PACK_ENTRY_OUT_OF_BOUNDS', `entry ${i} lies outside the payload`);
    if (offset !== BigInt(expectedOffset))
      return mpakFail('PACK_ENTRY_OUT_OF_BOUNDS', `entry ${i} is not where the payload order puts it`);
    expectedOffset += Number(length);
    let text: { id: string; key: string; meta: string };
    try {
      text = { id: utf8.decode(id), key: utf8.decode(key), meta: utf8.decode(meta) };
    } catch {
      return mpakFail('PACK_INDEX_MALFORMED', `entry ${i} has a field that is not UTF-8`);
    }
    entries.push({
      kind: kind as MpakKind,
      ...text,
      sortKey,
      offset: Number(offset),
      length: Number(length),
      sha256: digest,
    });
  }
  if (at !== bytes.length) return mpakFail('PACK_INDEX_MALFORMED', 'bytes follow the last index record');
  if (expectedOffset !== payloadLength)
    return mpakFail('PACK_ENTRY_OUT_OF_BOUNDS', 'the entries do not cover the payload');
  return { ok: true, value: entries };
}

/** Hashes the payload region in `chunkBytes` reads and compares it with the footer's digest. */
export async function verifyMpakPayload(
  source: MpakSource,
  pack: MpakPack,
  chunkBytes = PACK_READ_CHUNK_BYTES,
): Promise<MpakResult<true>> {
  const hash = sha256.create();
  for (let at = 0; at < pack.payloadLength; at += chunkBytes) {
    const chunk = await readExact(
      source,
      PACK_HEADER_SIZE + at,
      Math.min(chunkBytes, pack.payloadLength - at),
    );
    if (!chunk.ok) return chunk;
    hash.update(chunk.value);
  }
  if (!sameBytes(hash.digest(), pack.payloadSha256))
    return mpakFail('PACK_PAYLOAD_DIGEST_MISMATCH', 'the payload digest does not match the footer');
  return { ok: true, value: true };
}

/** One entry's ciphertext, checked against its index digest. */
export async function readMpakEntry(
  source: MpakSource,
  entry: MpakIndexEntry,
): Promise<MpakResult<Uint8Array>> {
  const bytes = await readExact(source, PACK_HEADER_SIZE + entry.offset, entry.length);
  if (!bytes.ok) return bytes;
  if (!sameBytes(sha256(bytes.value), entry.sha256))
    return mpakFail('PACK_ENTRY_DIGEST_MISMATCH', `entry ${entry.id} does not match its digest`);
  return bytes;
}

export type { MpakError };
