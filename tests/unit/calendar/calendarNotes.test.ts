import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vaultDbName } from '../../../src/worker/db/names';
import { NOTES_TABLES_V1, NOTES_TABLES_V2 } from '../../../src/worker/db/notesTables';
import { openVaultDb } from '../../../src/worker/db/schema';
import { dateOfValue, noteDateFields } from '../../../src/worker/domain/notes/noteDates';
import { calendarPropertyOperations } from '../../../src/worker/ops/notes/calendarPropertyOperations';
import { createPropertyDefinitionStore } from '../../../src/worker/ops/properties/propertyDefinitionStore';
import { createRegistry } from '../../../src/worker/ops/registry';
import type { CalendarNote } from '../../../src/worker/planning/calendar/notesInRange';
import { applyRecords } from '../../../src/worker/sync/applyRecords';
import { toPayload } from '../../../src/worker/sync/recordPayloads';
import { openRecordsVault, type RecordsVault, value } from './recordsVault';

const WEEK = { startAt: '2026-11-23T00:00:00Z', endAt: '2026-11-30T00:00:00Z' };
const ui = { caller: { kind: 'ui' as const } };
const approve = { ...ui, approve: async () => 'once' as const };

describe('noteDateFields', () => {
  it('keys the date-valued properties by day and name; other values are not dates', () => {
    expect(dateOfValue('2026-11-25')).toBe('2026-11-25');
    expect(dateOfValue('2026-11-25T09:30')).toBe('2026-11-25');
    expect(dateOfValue('2026-11-25 09:30:00+01:00')).toBe('2026-11-25');
    for (const bad of ['2026-02-30', '25/11/2026', 'soon', 20261125, ['2026-11-25'], null])
      expect(dateOfValue(bad)).toBeNull();
    expect(noteDateFields({ due: '2026-11-25', Start: '2026-11-01', tags: ['x'], n: 3 })).toEqual({
      dateKeys: ['2026-11-25|due', '2026-11-01|Start'],
      dateProps: ['due', 'Start'],
    });
  });
});

describe('schema v19', () => {
  it('indexes the dates of notes written before it, on open', async () => {
    const vaultId = `v19-${Date.now()}`;
    const old = new Dexie(vaultDbName(vaultId));
    old.version(1).stores(NOTES_TABLES_V1);
    old.version(2).stores(NOTES_TABLES_V2);
    await old.open();
    await old
      .table('notes')
      .put({ id: 'n1', title: 'Old', fileType: 'markdown', properties: { due: '2026-11-25' } });
    old.close();
    const db = openVaultDb(vaultId);
    await db.open();
    try {
      expect(await db.notes.where('dateKeys').between('2026-11-25', '2026-11-26').primaryKeys()).toEqual([
        'n1',
      ]);
      expect(await db.notes.orderBy('dateProps').uniqueKeys()).toEqual(['due']);
    } finally {
      await db.delete();
    }
  });
});

describe('notes on the calendar (calendar.getRange `notes`)', () => {
  let v: RecordsVault;
  let props: ReturnType<typeof createRegistry>;
  const range = async (r = WEEK) =>
    value<{ notes: CalendarNote[]; notesTruncated: boolean }>(await v.read('calendar.getRange', r));
  const note = async (title: string, markdown: string) => {
    const res = await v.notes.create({ title, markdown });
    if (!res.ok) throw new Error(res.error.message);
    return res.value.id;
  };

  beforeEach(async () => {
    v = await openRecordsVault();
    props = createRegistry(calendarPropertyOperations(v.db, v.services.feed));
  });
  afterEach(() => v.close());

  it('shows a note on the day its visible date property names, with its path and property', async () => {
    const id = await note('Report', '---\ndue: 2026-11-25\n---\nText');
    await note('Undated', '---\nstatus: open\n---\n');
    await note('Later', '---\ndue: 2026-12-25\n---\n');
    const r = await range();
    expect(r.notes).toEqual([
      { id, title: 'Report', path: 'Report.md', property: 'due', date: '2026-11-25' },
    ]);
    expect(r.notesTruncated).toBe(false);
    expect(value(await props.read('notes.getCalendarPropertyNames', [], ui))).toEqual([
      { name: 'due', type: 'date', defined: false, visible: true },
    ]);
  });

  it('a day covers its UTC date like an all-day event: the range ends are exact', async () => {
    await note('Edge', '---\ndue: 2026-11-30\n---\n');
    expect((await range()).notes).toEqual([]); // endAt is 11-30 00:00Z, exclusive
    expect((await range({ startAt: '2026-11-29T23:00:00-01:00', endAt: WEEK.endAt })).notes).toEqual([]);
    expect((await range({ startAt: WEEK.startAt, endAt: '2026-11-30T00:00:01Z' })).notes).toHaveLength(1);
  });

  it('a hidden property does not show; shown again, it does; a date definition counts', async () => {
    await note('Report', '---\ndue: 2026-11-25\nreviewed: 2026-11-26\n---\n');
    expect((await range()).notes.map((n) => n.property)).toEqual(['due', 'reviewed']);
    expect(value(await props.write('notes.setCalendarPropertyVisibility', ['Due', false], approve))).toEqual({
      name: 'due',
      visible: false,
    });
    expect((await range()).notes.map((n) => n.property)).toEqual(['reviewed']);
    expect(v.seen.at(-1)).toEqual([{ table: 'calendarProperties', op: 'put', ids: ['due'] }]);
    value(await props.write('notes.setCalendarPropertyVisibility', ['due', true], approve));
    expect((await range()).notes).toHaveLength(2);

    const defs = createPropertyDefinitionStore(v.db, v.services.feed, v.services.now);
    await defs.create('Published', 'date');
    await defs.create('Reviewed', 'text'); // defined as text: not a calendar date any more
    expect(value(await props.read('notes.getCalendarPropertyNames', [], ui))).toEqual([
      { name: 'due', type: 'date', defined: false, visible: true },
      { name: 'Published', type: 'date', defined: true, visible: true },
    ]);
    expect((await range()).notes.map((n) => n.property)).toEqual(['due']);
  });

  it('an edit moves the note, a rename retitles it, a delete removes it', async () => {
    const id = await note('Report', '---\ndue: 2026-11-25\n---\n');
    value(await v.notes.updateBody(id, '---\ndue: 2026-11-27\n---\n'));
    expect((await range()).notes.map((n) => n.date)).toEqual(['2026-11-27']);
    value(await v.notes.rename(id, 'Final report'));
    expect((await range()).notes.map((n) => n.title)).toEqual(['Final report']);
    value(await v.notes.updateBody(id, '---\ndue: someday\n---\n'));
    expect((await range()).notes).toEqual([]);
    value(await v.notes.updateBody(id, '---\ndue: 2026-11-24\n---\n'));
    expect((await range()).notes).toHaveLength(1);
    value(await v.notes.delete(id));
    expect((await range()).notes).toEqual([]);
    expect(await v.db.notes.where('dateKeys').startsWith('2026-11').count()).toBe(0);
  });

  it('a note synced in is indexed from its properties; the keys never leave the device', async () => {
    const payload = {
      id: 'remote1',
      title: 'From B',
      titleKey: 'from b',
      folderPath: '',
      fileType: 'markdown',
      snippet: '',
      wordCount: 0,
      tags: [],
      properties: { due: '2026-11-26' },
      emoji: null,
      created: 1,
      modified: 1,
      dateKeys: ['1999-01-01|forged'],
    };
    await applyRecords(
      v.db,
      [{ type: 'note', id: 'remote1', clock: { devB: 1 }, deletedAt: null, payload }],
      () => 5,
      'devA',
    );
    expect((await range()).notes).toMatchObject([{ id: 'remote1', date: '2026-11-26', property: 'due' }]);
    const row = await v.db.notes.get('remote1');
    expect(row?.dateKeys).toEqual(['2026-11-26|due']);
    expect(toPayload('note', row as unknown as Record<string, unknown>)).not.toHaveProperty('dateKeys');
    expect(toPayload('note', row as unknown as Record<string, unknown>)).not.toHaveProperty('dateProps');
  });

  it('refuses bad ranges and bad visibility calls, changing nothing', async () => {
    await note('Report', '---\ndue: 2026-11-25\nstate: open\n---\n');
    await createPropertyDefinitionStore(v.db, v.services.feed, v.services.now).create('State', 'select');
    const before = await v.db.calendarProperties.toArray();
    expect(await v.read('calendar.getRange', { startAt: WEEK.endAt, endAt: WEEK.startAt })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'endAt' },
    });
    expect(await v.read('calendar.getRange', { startAt: '2026-11-23' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' },
    });
    expect(await props.write('notes.setCalendarPropertyVisibility', ['nope', false], approve)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', field: 'args[0]' },
    });
    expect(await props.write('notes.setCalendarPropertyVisibility', ['state', false], approve)).toMatchObject(
      {
        ok: false,
        error: { code: 'VALIDATION', field: 'args[0]' },
      },
    );
    for (const args of [['due'], ['due', 'no'], ['', false], ['due', false, 1]]) {
      const res = await props.write('notes.setCalendarPropertyVisibility', args, approve);
      expect(res).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    }
    expect(await v.db.calendarProperties.toArray()).toEqual(before);
    expect((await range()).notes).toHaveLength(1);
  });
});
