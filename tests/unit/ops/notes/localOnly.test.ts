import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VaultDb } from '../../../../src/worker/db/schema';
import { localOnlyOperations } from '../../../../src/worker/ops/notes/localOnlyOperations';
import { createLocalOnly } from '../../../../src/worker/stores/localOnly';
import { createDexieOutbox } from '../../../../src/worker/sync/dexieOutbox';
import { outboxMiddleware } from '../../../../src/worker/sync/outboxMiddleware';
import { openNotesVault } from '../fixtures/notesVault';

const ui = { caller: { kind: 'ui' as const } };
const approveAll = { ...ui, approve: async () => 'once' as const };
/** The real note store over a database with the sync outbox installed, as openVault builds it. */
function openSyncedVault() {
  return openNotesVault({
    use: (db) => db.use(outboxMiddleware({ deviceId: 'd1', now: () => 1 })),
    extra: ({ services }) => localOnlyOperations(createLocalOnly(services)),
  });
}

const recordRow = (db: VaultDb, id: string) => db.syncQueue.get(`r|note|${id}`);

describe('notes.setLocalOnly and notes.getLocalOnlyCount', () => {
  let v: Awaited<ReturnType<typeof openSyncedVault>>;
  beforeEach(async () => {
    v = await openSyncedVault();
  });
  afterEach(() => v.db.delete());

  it('a local-only note is not queued; turning it off queues it and releases its held body', async () => {
    await v.registry.write('notes.create', [{ title: 'Diary', content: 'one' }], approveAll);
    await v.registry.write('notes.create', [{ title: 'Shared' }], approveAll);
    await v.db.syncQueue.clear(); // as if pushed
    const on = await v.registry.write('notes.setLocalOnly', ['id1', true], approveAll);
    expect(on).toMatchObject({ ok: true, value: { id: 'id1', localOnly: true } });
    expect(await recordRow(v.db, 'id1')).toBeUndefined();
    await v.registry.write('notes.update', ['id1', { content: 'one secret' }], approveAll);
    await v.registry.write('notes.rename', ['id1', 'Diary 2'], approveAll);
    expect(await recordRow(v.db, 'id1')).toBeUndefined();
    const outbox = createDexieOutbox(v.db, () => 1);
    const held = (await v.db.syncQueue.toArray()).filter((r) => r.kind === 'body' && r.id === 'id1');
    expect(held.length).toBeGreaterThan(0);
    expect(await outbox.nextBodies(10)).toEqual([]);
    expect(await v.registry.read('notes.getLocalOnlyCount', [], ui)).toEqual({
      ok: true,
      value: { count: 1 },
    });

    const off = await v.registry.write('notes.setLocalOnly', ['id1', false], approveAll);
    expect(off).toMatchObject({ ok: true, value: { localOnly: false } });
    expect(await recordRow(v.db, 'id1')).toMatchObject({ kind: 'record', op: 'update', state: 'queued' });
    expect((await outbox.nextBodies(10)).map((b) => b.docId)).toContain('id1');
    expect(await v.registry.read('notes.getLocalOnlyCount', [], ui)).toEqual({
      ok: true,
      value: { count: 0 },
    });
  });

  it('turning it on drops the pending push of the note', async () => {
    await v.registry.write('notes.create', [{ title: 'Draft' }], approveAll);
    expect(await recordRow(v.db, 'id1')).toMatchObject({ op: 'create' });
    await v.registry.write('notes.setLocalOnly', ['id1', true], approveAll);
    expect(await recordRow(v.db, 'id1')).toBeUndefined();
    // setting it again is a no-op that still answers the note
    const again = await v.registry.write('notes.setLocalOnly', ['id1', true], approveAll);
    expect(again).toMatchObject({ ok: true, value: { localOnly: true } });
  });

  it('refuses a missing note or bad arguments and changes nothing', async () => {
    await v.registry.write('notes.create', [{ title: 'A' }], approveAll);
    const before = { notes: await v.db.notes.toArray(), queue: await v.db.syncQueue.toArray() };
    for (const [args, code, field] of [
      [['nope', true], 'NOT_FOUND', 'id'],
      [['id1', 'yes'], 'VALIDATION', 'args[1]'],
      [['id1'], 'VALIDATION', undefined],
      [['', true], 'VALIDATION', 'args[0]'],
      [['id1', true, 3], 'VALIDATION', undefined],
    ] as const) {
      const res = await v.registry.write('notes.setLocalOnly', [...args], approveAll);
      expect(res.ok).toBe(false);
      if (!res.ok) {
        expect(res.error.code).toBe(code);
        if (field) expect(res.error.field).toBe(field);
      }
    }
    expect(await v.registry.read('notes.getLocalOnlyCount', [1], ui)).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' },
    });
    expect({ notes: await v.db.notes.toArray(), queue: await v.db.syncQueue.toArray() }).toEqual(before);
  });
});
