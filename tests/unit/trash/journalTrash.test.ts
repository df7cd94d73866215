import { afterEach, describe, expect, it } from 'vitest';
import { TRASH_KEEP_MS } from '../../../src/worker/domain/trash/noteTrash';
import { carry, opened, type TrashDevice, trashDevice, trashList, value } from './trashDevice';

// Issue 17 part 5 for journal entries (docs/trash.md): journal.deleteEntry moves the entry to the
// Trash (its body kept); every journal read skips it; its date stays taken until it is restored
// or deleted for good; delete forever, Empty trash and the 30-day purge are the tombstone; across
// devices the trash and the restore are updates of the record.

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const DAY = '2026-11-20';
const id = `j${DAY}`;
const entry = (d: TrashDevice, date = DAY) => d.read('journal.getEntry', date);
const reads = async (d: TrashDevice) => ({
  month: value<{ entries: unknown[] }>(await d.read('journal.getMonthEntries', '2026-11')).entries.length,
  heatmap: value<{ days: object }>(await d.read('journal.getHeatmap', 2026)).days,
  year: value<{ entries: number }>(await d.read('journal.getYearStats', 2026)).entries,
  streak: value(await d.read('journal.getStreak', { today: '2026-11-21' })),
  tags: value(await d.read('journal.getAllTags')),
});

describe('journal entries in the Trash', () => {
  it('a deleted entry leaves every journal read, keeps its date and body, and restores as it was', async () => {
    const a = await trashDevice('A');
    value(await a.write('journal.createEntry', { date: DAY, content: 'Walked to the #lake' }));
    value(await a.write('journal.createEntry', { date: '2026-11-21', content: 'Rain' }));
    const before = value(await entry(a));
    const readsBefore = await reads(a);

    expect(value(await a.write('journal.deleteEntry', DAY))).toEqual({ id, deleted: true, trashed: true });
    expect(await a.db.tombstones.count()).toBe(0);
    expect(await a.db.crdtUpdates.where('docId').equals(id).count()).toBeGreaterThan(0);
    expect(value(await entry(a))).toBeNull();
    expect(await reads(a)).toEqual({
      month: 1,
      heatmap: { '2026-11-21': 1 },
      year: 1,
      streak: { current: 1, longest: 1, lastDate: '2026-11-21' },
      tags: { tags: [] },
    });
    expect(await trashList(a)).toEqual([
      expect.objectContaining({ kind: 'journal', id: DAY, title: `Journal ${DAY}` }),
    ]);
    // its date stays taken: a new entry is refused with a clear reason, an edit finds nothing
    const stored = await a.db.journal.get(id);
    expect(await a.write('journal.createEntry', { date: DAY, content: 'new' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'date', message: expect.stringContaining('in the Trash') },
    });
    expect(await a.write('journal.updateEntry', DAY, { content: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await a.write('journal.deleteEntry', DAY)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await a.db.journal.get(id)).toEqual(stored);

    expect(value(await a.write('trash.restore', 'journal', DAY))).toEqual({
      kind: 'journal',
      id: DAY,
      restored: [{ id, title: DAY, date: DAY }],
    });
    expect(value(await entry(a))).toEqual(before);
    expect(await reads(a)).toEqual(readsBefore);
    expect(await trashList(a)).toEqual([]);
  });

  it('delete forever, the purge at 30 days and Empty trash are tombstones; bad input changes nothing', async () => {
    const a = await trashDevice('A');
    value(await a.write('journal.createEntry', { date: DAY, content: 'one' }));
    value(await a.write('journal.createEntry', { date: '2026-11-21', content: 'two' }));
    expect(await a.write('trash.deletePermanent', 'journal', DAY)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'id' },
    });
    expect(value(await entry(a))).toMatchObject({ content_markdown: 'one' });

    value(await a.write('journal.deleteEntry', DAY));
    const at = a.clock.ms;
    expect(await a.items.journal.trashedIds({ dueAt: at + TRASH_KEEP_MS - 5 })).toEqual([]);
    expect(await a.items.journal.trashedIds({ dueAt: at + TRASH_KEEP_MS + 5 })).toEqual([DAY]);
    expect(value(await a.write('trash.deletePermanent', 'journal', DAY))).toEqual({
      kind: 'journal',
      id: DAY,
      deleted: 1,
    });
    expect(await a.db.journal.get(id)).toBeUndefined();
    expect(await a.db.crdtUpdates.where('docId').equals(id).count()).toBe(0);
    expect(await a.db.tombstones.get(id)).toMatchObject({ kind: 'journal' });
    // the date is free again
    value(await a.write('journal.createEntry', { date: DAY, content: 'again' }));

    value(await a.write('journal.deleteEntry', '2026-11-21'));
    expect(value(await a.write('trash.empty'))).toEqual({ deleted: 1 });
    expect(await a.db.journal.get('j2026-11-21')).toBeUndefined();
  });

  it('across devices: a delete on A is in B’s Trash, a restore on B restores on A, the purge is a tombstone', async () => {
    const a = await trashDevice('A');
    const b = await trashDevice('B');
    value(await a.write('journal.createEntry', { date: DAY, content: 'shared' }));
    await carry(a, b, 'journal', id);
    expect(value(await entry(b))).toMatchObject({ date: DAY });

    value(await a.write('journal.deleteEntry', DAY));
    const trashed = await carry(a, b, 'journal', id);
    expect(trashed.deletedAt).toBeNull();
    expect(trashed.payload).toMatchObject({ trashedAt: expect.any(Number) });
    expect(value(await entry(b))).toBeNull();
    expect(await trashList(b)).toMatchObject([{ kind: 'journal', id: DAY }]);

    value(await b.write('trash.restore', 'journal', DAY));
    await carry(b, a, 'journal', id);
    expect(value(await entry(a))).toMatchObject({ date: DAY });
    expect(await trashList(a)).toEqual([]);

    value(await a.write('journal.deleteEntry', DAY));
    await carry(a, b, 'journal', id);
    value(await a.write('trash.deletePermanent', 'journal', DAY));
    expect((await carry(a, b, 'journal', id)).deletedAt).not.toBeNull();
    expect(await b.db.journal.get(id)).toBeUndefined();
    expect(await trashList(b)).toEqual([]);
  });
});
