import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PACK_MAX_ENTRIES } from '../../../../src/sync/protocol/limits';
import { MPAK_KIND, PACK_FOOTER_SIZE, PACK_HEADER_SIZE } from '../../../../src/sync/protocol/mpakFormat';
import {
  bytesSource,
  openMpak,
  readMpakEntry,
  verifyMpakPayload,
} from '../../../../src/sync/protocol/mpakReader';
import { encodeMpakBytes, type MpakEntryInput } from '../../../../src/sync/protocol/mpakWriter';

const entryArb: fc.Arbitrary<MpakEntryInput> = fc.record({
  kind: fc.constantFrom(MPAK_KIND.record, MPAK_KIND.crdt_snapshot, MPAK_KIND.crdt_update),
  id: fc.string({ maxLength: 40 }),
  key: fc.string({ maxLength: 80 }),
  sortKey: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  meta: fc.oneof(
    fc.constant(''),
    fc.json({ maxDepth: 1 }).map((s) => s.slice(0, 200)),
  ),
  bytes: fc.uint8Array({ maxLength: 300 }),
});
const packArb = fc.array(entryArb, { maxLength: 12 });

/** Every check the client runs: open, payload digest (in small chunks), each entry's digest. */
async function readAll(bytes: Uint8Array) {
  const source = bytesSource(bytes);
  const pack = await openMpak(source);
  if (!pack.ok) return pack;
  const payload = await verifyMpakPayload(source, pack.value, 7);
  if (!payload.ok) return payload;
  const out: Uint8Array[] = [];
  for (const entry of pack.value.entries) {
    const read = await readMpakEntry(source, entry);
    if (!read.ok) return read;
    out.push(read.value);
  }
  return { ok: true as const, value: { entries: pack.value.entries, bodies: out } };
}

const sample: MpakEntryInput[] = [
  {
    kind: MPAK_KIND.crdt_snapshot,
    id: 'n1',
    key: 'u/vaults/v/crdt/n1/s1',
    sortKey: 100n,
    meta: '{"sequenceNum":1,"revision":"r"}',
    bytes: new Uint8Array([1, 2, 3, 4]),
  },
  {
    kind: MPAK_KIND.crdt_snapshot,
    id: 'n2',
    key: 'u/vaults/v/crdt/n2/s1',
    sortKey: 101n,
    meta: '',
    bytes: new Uint8Array([5, 6]),
  },
];

describe('MPAK version 1', () => {
  it('round-trips every field of random packs', async () => {
    await fc.assert(
      fc.asyncProperty(packArb, async (input) => {
        const bytes = encodeMpakBytes(input);
        const read = await readAll(bytes);
        expect(read.ok).toBe(true);
        if (!read.ok) return;
        expect(
          read.value.entries.map(({ kind, id, key, sortKey, meta }) => ({ kind, id, key, sortKey, meta })),
        ).toEqual(input.map(({ kind, id, key, sortKey, meta }) => ({ kind, id, key, sortKey, meta })));
        expect(read.value.bodies).toEqual(input.map((e) => e.bytes));
      }),
    );
  });

  it('lays out header and 53-byte footer big-endian as spec 2.11', () => {
    const bytes = encodeMpakBytes(sample);
    expect([...bytes.subarray(0, 8)]).toEqual([0x4d, 0x50, 0x41, 0x4b, 1, 0, 0, 0]);
    const footer = bytes.subarray(bytes.length - PACK_FOOTER_SIZE);
    const view = new DataView(footer.buffer, footer.byteOffset);
    expect(view.getBigUint64(32)).toBe(2n);
    expect(view.getBigUint64(40)).toBe(BigInt(PACK_HEADER_SIZE + 6));
    expect(new TextDecoder().decode(footer.subarray(48, 52))).toBe('MPAK');
    expect(footer[52]).toBe(1);
    expect([...bytes.subarray(8, 14)]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses a pack cut at any byte, never throwing', async () => {
    const bytes = encodeMpakBytes(sample);
    for (let cut = 0; cut < bytes.length; cut++) {
      const read = await readAll(bytes.subarray(0, cut));
      expect(read.ok, `cut at ${cut}`).toBe(false);
    }
  });

  it('refuses any flipped byte outside the index (the index fields carry no digest but their own checks)', async () => {
    await fc.assert(
      fc.asyncProperty(packArb, fc.nat(), fc.integer({ min: 1, max: 255 }), async (input, at, mask) => {
        const bytes = encodeMpakBytes(input);
        const pos = at % bytes.length;
        const indexOffset = Number(
          new DataView(bytes.buffer).getBigUint64(bytes.length - PACK_FOOTER_SIZE + 40),
        );
        const flipped = bytes.slice();
        flipped[pos] = (flipped[pos] ?? 0) ^ mask;
        const read = await readAll(flipped);
        const inIndex = pos >= indexOffset && pos < bytes.length - PACK_FOOTER_SIZE;
        if (!inIndex) expect(read.ok).toBe(false);
        if (read.ok)
          for (const [i, body] of read.value.bodies.entries()) expect(body).toEqual(input[i]?.bytes);
      }),
    );
  });

  it('names each refusal with its code', async () => {
    const good = encodeMpakBytes(sample);
    const codeOf = async (mutate: (b: Uint8Array, v: DataView) => void) => {
      const b = good.slice();
      mutate(b, new DataView(b.buffer));
      const read = await readAll(b);
      return read.ok ? 'ok' : read.error.code;
    };
    const footerAt = good.length - PACK_FOOTER_SIZE;
    expect(await codeOf((b) => (b[0] = 0x58))).toBe('PACK_BAD_MAGIC');
    expect(await codeOf((b) => (b[4] = 2))).toBe('PACK_UNSUPPORTED_VERSION');
    expect(await codeOf((b) => (b[footerAt + 52] = 9))).toBe('PACK_UNSUPPORTED_VERSION');
    expect(await codeOf((_, v) => v.setBigUint64(footerAt + 40, 1n << 40n))).toBe('PACK_INDEX_OUT_OF_BOUNDS');
    expect(await codeOf((_, v) => v.setBigUint64(footerAt + 40, 2n))).toBe('PACK_INDEX_OUT_OF_BOUNDS');
    expect(await codeOf((_, v) => v.setBigUint64(footerAt + 32, 3n))).toBe('PACK_INDEX_OUT_OF_BOUNDS');
    expect(await codeOf((_, v) => v.setBigUint64(footerAt + 32, BigInt(PACK_MAX_ENTRIES + 1)))).toBe(
      'PACK_INDEX_TOO_LARGE',
    );
    // no entries but index bytes: the index is larger than 0 x PACK_MAX_INDEX_ENTRY_BYTES
    expect(await codeOf((_, v) => v.setBigUint64(footerAt + 32, 0n))).toBe('PACK_INDEX_TOO_LARGE');
    expect(await codeOf((_, v) => v.setBigUint64(footerAt + 32, 1n))).toBe('PACK_INDEX_MALFORMED');
    expect(await codeOf((b) => (b[9] = (b[9] ?? 0) ^ 1))).toBe('PACK_PAYLOAD_DIGEST_MISMATCH');
    // the first record's length field (u64 just before its 32-byte digest) grown past the payload
    const firstRecordEnd =
      14 + 63 + 2 + 'u/vaults/v/crdt/n1/s1'.length + '{"sequenceNum":1,"revision":"r"}'.length;
    expect(await codeOf((_, v) => v.setBigUint64(firstRecordEnd - 40, 99n))).toBe('PACK_ENTRY_OUT_OF_BOUNDS');
    expect(await codeOf((b) => (b[firstRecordEnd - 1] = (b[firstRecordEnd - 1] ?? 0) ^ 1))).toBe(
      'PACK_ENTRY_DIGEST_MISMATCH',
    );
  });

  it('refuses a reader that fails and a source that returns short reads', async () => {
    const bytes = encodeMpakBytes(sample);
    const failing = { size: bytes.length, read: async () => Promise.reject(new Error('io')) };
    expect(await openMpak(failing)).toMatchObject({ ok: false, error: { code: 'PACK_READ_FAILED' } });
    const short = { size: bytes.length, read: async (o: number, l: number) => bytes.subarray(o, o + l - 1) };
    expect(await openMpak(short)).toMatchObject({ ok: false, error: { code: 'PACK_TRUNCATED' } });
  });

  it('the writer refuses input beyond the PACK_* limits', () => {
    const one = sample[0] as MpakEntryInput;
    expect(() => encodeMpakBytes(Array.from({ length: PACK_MAX_ENTRIES + 1 }, () => one))).toThrow(
      RangeError,
    );
    expect(() => encodeMpakBytes([{ ...one, meta: 'x'.repeat(4096) }])).toThrow(RangeError);
  });

  it('writes an empty pack that reads back empty', async () => {
    const read = await readAll(encodeMpakBytes([]));
    expect(read).toMatchObject({ ok: true, value: { entries: [], bodies: [] } });
  });
});
