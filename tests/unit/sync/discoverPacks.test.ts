import { describe, expect, it } from 'vitest';
import type { SyncCall } from '../../../src/sync/engine/http/syncHttp';
import { discoverPacks } from '../../../src/sync/engine/packs/discoverPacks';
import { chainFrom } from '../../../src/sync/engine/packs/recordPackPages';
import type { PackListEntry } from '../../../src/sync/protocol/packs';

const now = 1_000_000;
const pack = (over: Partial<PackListEntry> & { kind: string }): PackListEntry => ({
  url: 'https://objects.example/p',
  expiresAt: now + 15 * 60_000,
  minCursor: 1,
  maxCursor: 2,
  sizeBytes: 10,
  entryCount: 1,
  ...over,
});

/** A listing service of one page: answers `packs` and records the paths asked. */
function serving(packs: unknown[]): { call: SyncCall; asked: string[] } {
  const asked: string[] = [];
  const call = (async (_method: string, path: string) => {
    asked.push(path);
    return { ok: true, value: { packs, nextCursor: null } };
  }) as unknown as SyncCall;
  return { call, asked };
}

describe('pack discovery and the records chain (docs/packs.md)', () => {
  it('asks for the kinds it reads and ignores a kind it does not know, keeping the rest of the listing', async () => {
    const { call, asked } = serving([
      pack({ kind: 'some_future_kind', minCursor: 50, maxCursor: 60 }),
      pack({ kind: 'records', fromCursor: 0, minCursor: 3, maxCursor: 40 }),
      pack({ kind: 'crdt_snapshot', minCursor: 5, maxCursor: 9 }),
    ]);
    const found = await discoverPacks(call, 'v1', 0, now);
    expect(asked).toEqual(['/sync/packs?limit=50&kinds=crdt_snapshot,records']);
    expect(found?.listed.map((p) => p.kind)).toEqual(['crdt_snapshot']);
    expect(found?.usable).toHaveLength(1);
    expect(found?.records.map((p) => p.maxCursor)).toEqual([40]);
  });

  it('chains records packs from the cursor: a gap or a pack without fromCursor ends the chain', () => {
    const r = (fromCursor: number | undefined, maxCursor: number) =>
      pack({ kind: 'records', ...(fromCursor === undefined ? {} : { fromCursor }), maxCursor });
    // listed newest first; the chain is in cursor order
    expect(chainFrom([r(20, 30), r(10, 20), r(0, 10)], 0).map((p) => p.maxCursor)).toEqual([10, 20, 30]);
    expect(chainFrom([r(25, 30), r(10, 20), r(0, 10)], 0).map((p) => p.maxCursor)).toEqual([10, 20]);
    expect(chainFrom([r(20, 30), r(undefined, 20), r(0, 10)], 0).map((p) => p.maxCursor)).toEqual([10]);
    // a cursor inside a pack: that pack still applies (its entries at or below are skipped)
    expect(chainFrom([r(20, 30), r(10, 20), r(0, 10)], 15).map((p) => p.maxCursor)).toEqual([20, 30]);
    expect(chainFrom([r(5, 10)], 0)).toEqual([]);
  });
});
