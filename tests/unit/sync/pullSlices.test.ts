import { describe, expect, it } from 'vitest';
import { deriveVaultKeyring, generateDeviceKey, generateVaultKey } from '../../../src/sync/crypto';
import type { SyncResult } from '../../../src/sync/engine/http/syncError';
import type { CallOptions, SyncCall } from '../../../src/sync/engine/http/syncHttp';
import type { IncomingRecord } from '../../../src/sync/engine/ports';
import { CURSOR_SKIP_REPAIR, LAST_CURSOR } from '../../../src/sync/engine/pull/cursorRepair';
import { PULL_SLICE_FETCH_WINDOW, pullChanges } from '../../../src/sync/engine/pull/pullChanges';
import type { ItemRef, PullItem } from '../../../src/sync/protocol/pull';
import { emptyRecords } from './emptyRecords';
import { oneKeyDirectory, pullDepsOver, pulledItem } from './syncFakes';

const VAULT = '0b6f0000-0000-4000-8000-000000000004';

/**
 * A scripted service: one changes page of `ids` notes (then an empty page), pull answers delayed
 * so that slices overlap, every request logged.
 */
async function setup(ids: number, state: Map<string, unknown>, failSlice = -1) {
  const keyring = deriveVaultKeyring(generateVaultKey(), VAULT);
  const signer = { key: await generateDeviceKey(undefined), deviceId: 'dev' };
  const sealed = new Map<string, PullItem>();
  for (let i = 0; i < ids; i++) {
    sealed.set(
      `n${i}`,
      await pulledItem(
        keyring,
        signer,
        { type: 'note', id: `n${i}` },
        { clock: { dev: 1 }, deletedAt: null, payload: { id: `n${i}`, title: `n${i}` } },
        { serverCursor: i + 1 },
      ),
    );
  }
  const log: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let slice = 0;
  const call = (async (_m: string, path: string, o?: CallOptions): Promise<SyncResult<unknown>> => {
    log.push(path);
    if (path.startsWith('/sync/changes')) {
      const from = Number(new URL(path, 'http://x').searchParams.get('cursor'));
      const refs =
        from >= ids
          ? []
          : [...sealed.values()].map((s) => ({
              type: 'note',
              id: s.id,
              serverCursor: s.serverCursor!,
              deleted: false,
              sizeBytes: 1,
              committedAtMs: null,
            }));
      // with inline=1 the service inlines every listed row (each fits 64 KiB)
      const inline = path.includes('inline=1') ? { inline: refs.map((r) => sealed.get(r.id)!) } : {};
      return {
        ok: true,
        value: { refs, nextCursor: Math.max(from, ids), serverTimeMs: 0, noteBodies: [], ...inline },
      };
    }
    const mine = slice++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, mine % 2 === 0 ? 30 : 5)); // later slices answer first
    inFlight--;
    if (mine === failSlice)
      return { ok: false, error: { code: 'SERVER_ERROR', message: 'boom', status: 500 } };
    const items = (o!.body as { items: ItemRef[] }).items.map((r) => sealed.get(r.id)!);
    return { ok: true, value: { items, blobMissing: [] } };
  }) as SyncCall;
  const applied: string[][] = [];
  const run = () =>
    pullChanges(
      pullDepsOver(call, keyring, state, {
        keys: oneKeyDirectory(signer.key.publicKey),
        records: emptyRecords(
          async () => null,
          (items: IncomingRecord[]) => void applied.push(items.map((i) => i.id)),
        ),
        types: ['note', 'note_body'],
      }),
    );
  return { run, log, applied, maxInFlight: () => maxInFlight };
}

describe('pull slices (spec 4.3.2)', () => {
  it('keeps two slice requests in flight and applies the slices in page order', async () => {
    const state = new Map<string, unknown>([[CURSOR_SKIP_REPAIR, 'done']]);
    const t = await setup(250, state);
    const out = await t.run();
    expect(out.kind).toBe('done');
    expect(t.maxInFlight()).toBe(PULL_SLICE_FETCH_WINDOW);
    expect(t.applied.map((s) => s.length)).toEqual([100, 100, 50]);
    expect(t.applied.flat()).toEqual(Array.from({ length: 250 }, (_, i) => `n${i}`));
    expect(state.get(LAST_CURSOR)).toBe(250);
  }, 60_000);

  it('stops at a failed slice: nothing after it is applied and the cursor holds', async () => {
    const state = new Map<string, unknown>([
      [CURSOR_SKIP_REPAIR, 'done'],
      [LAST_CURSOR, 0],
    ]);
    const t = await setup(250, state, 1);
    const out = await t.run();
    expect(out.kind).toBe('stopped');
    expect(t.applied.flat()).toHaveLength(100);
    expect(state.get(LAST_CURSOR)).toBe(0);
  }, 60_000);
});

describe('inline items (spec 4, changes row)', () => {
  it('a pull from a cursor asks inline=1 on its first page only, and applies the inlined rows without fetching them', async () => {
    const state = new Map<string, unknown>([
      [CURSOR_SKIP_REPAIR, 'done'],
      [LAST_CURSOR, 0],
    ]);
    const fromZero = await setup(3, state);
    await fromZero.run();
    // a full sync (from cursor 0): no inline, the rows are fetched in slices
    expect(fromZero.log).toEqual(['/sync/changes?cursor=0', '/sync/pull']);

    const later = new Map<string, unknown>([
      [CURSOR_SKIP_REPAIR, 'done'],
      [LAST_CURSOR, 1],
    ]);
    const t = await setup(120, later);
    const out = await t.run();
    expect(out.kind).toBe('done');
    expect(t.log[0]).toBe('/sync/changes?cursor=1&inline=1');
    expect(t.log.filter((p) => p === '/sync/pull')).toEqual([]);
    expect(t.log.slice(1).every((p) => !p.includes('inline'))).toBe(true);
    expect(t.applied.flat()).toEqual(Array.from({ length: 120 }, (_, i) => `n${i}`));
    expect(later.get(LAST_CURSOR)).toBe(120);
  }, 60_000);
});

describe('cursor repair (spec 3.8)', () => {
  it('pulls from 0 once on the first run of this build, then records done', async () => {
    const state = new Map<string, unknown>([[LAST_CURSOR, 300]]);
    const t = await setup(3, state);
    await t.run();
    expect(t.log[0]).toBe('/sync/changes?cursor=0');
    expect(state.get(CURSOR_SKIP_REPAIR)).toBe('done');
    t.log.length = 0;
    state.set(LAST_CURSOR, 300);
    await t.run();
    expect(t.log[0]).toBe('/sync/changes?cursor=300&inline=1');
  });

  it('keeps the repair pending while no pull delivered', async () => {
    const state = new Map<string, unknown>([[LAST_CURSOR, 300]]);
    const t = await setup(2, state, 0);
    expect((await t.run()).kind).toBe('stopped');
    expect(state.get(CURSOR_SKIP_REPAIR)).toBe('pending:300');
  }, 60_000);

  it('a device with no cursor records done without a reset', async () => {
    const state = new Map<string, unknown>();
    const t = await setup(0, state);
    await t.run();
    expect(state.get(CURSOR_SKIP_REPAIR)).toBe('done');
  });
});
