import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SharedSyncService, sharedSyncService } from '../support/sharedSyncService';
import { type Device, openDevice, value } from '../sync/syncDevice';

/**
 * Every record type beyond notes and planning records, carried between two engines through the
 * real local service: created, updated and deleted on one device and seen so on the other.
 * Each test has its own account (the changes feed allows 60 requests a minute per account).
 */
let service: SharedSyncService;
let a: Device;
let b: Device;
const opened: Device[] = [];

beforeAll(async () => {
  service = await sharedSyncService();
}, 120_000);

beforeEach(async () => {
  a = await openDevice(service.url, 'A');
  b = await openDevice(service.url, 'B');
  opened.push(a, b);
  const email = `records-${Date.now()}-${opened.length}@test.cairn.local`;
  await a.signIn(email);
  const created = value<{ kind: string; recoveryKey?: string }>(await a.sync.setUp());
  await b.signIn(email);
  expect(value<{ kind: string }>(await b.sync.setUp()).kind).toBe('needs_key');
  value(await b.sync.restore(created.recoveryKey!));
}, 60_000);

afterAll(async () => {
  for (const d of opened) await d.close();
});

async function both() {
  await a.sync.syncNow();
  await b.sync.syncNow();
  await a.sync.syncNow();
  await b.sync.syncNow();
  for (const d of [a, b]) expect((await d.sync.state()).status).toMatchObject({ phase: 'synced' });
}

const clock = { seed: 1 };
const at = '2026-11-21T08:00:00.000Z';

async function writeAll(d: Device, color: string) {
  await d.db.tagDefs.put({
    key: 'work',
    name: 'Work',
    color,
    icon: null,
    sortOrder: 0,
    modifiedAt: at,
    clock,
  });
  await d.db.propertyDefinitions.put({
    nameKey: 'stage',
    name: 'Stage',
    type: 'select',
    options: [{ value: color, color: 'blue' }],
    created: 1,
    modified: 2,
  });
  await d.db.folderViews.put({ path: '', config: { hiddenProperties: [color] }, views: [] });
  await d.db.folderViews.put({
    path: 'Projects',
    config: { defaultView: 'v1' },
    views: [{ id: 'v1', name: color, type: 'table' }],
  });
  await d.db.settings.put({ key: 'inbox.staleDays', value: color.length, modifiedAt: at, clock });
}

describe('record types through the real local service', () => {
  it('creates, updates and deletes tags, property definitions, folder configs and settings', async () => {
    await writeAll(a, 'red');
    await a.db.settings.put({ key: 'sync.localThing', value: 1, modifiedAt: at, clock });
    await both();
    expect(await b.db.tagDefs.get('work')).toMatchObject({ name: 'Work', color: 'red' });
    expect(await b.db.propertyDefinitions.get('stage')).toMatchObject({
      type: 'select',
      options: [{ value: 'red', color: 'blue' }],
    });
    expect(await b.db.folderViews.get('')).toMatchObject({ config: { hiddenProperties: ['red'] } });
    expect(await b.db.folderViews.get('Projects')).toMatchObject({ views: [{ name: 'red' }] });
    expect(await b.db.settings.get('inbox.staleDays')).toMatchObject({ value: 3 });
    // a device-only setting never leaves its device, and is not left waiting in the outbox
    expect(await b.db.settings.get('sync.localThing')).toBeUndefined();
    expect(await a.db.syncQueue.where('[kind+state]').equals(['record', 'queued']).count()).toBe(0);

    await writeAll(b, 'purple');
    await both();
    expect(await a.db.tagDefs.get('work')).toMatchObject({ color: 'purple' });
    expect(await a.db.propertyDefinitions.get('stage')).toMatchObject({ options: [{ value: 'purple' }] });
    expect(await a.db.folderViews.get('')).toMatchObject({ config: { hiddenProperties: ['purple'] } });
    expect(await a.db.settings.get('inbox.staleDays')).toMatchObject({ value: 6 });

    await a.db.tagDefs.delete('work');
    await a.db.propertyDefinitions.delete('stage');
    await a.db.folderViews.delete('');
    await a.db.settings.delete('inbox.staleDays');
    await both();
    expect(await b.db.tagDefs.get('work')).toBeUndefined();
    expect(await b.db.propertyDefinitions.get('stage')).toBeUndefined();
    expect(await b.db.folderViews.get('')).toBeUndefined();
    expect(await b.db.folderViews.get('Projects')).toBeDefined();
    expect(await b.db.settings.get('inbox.staleDays')).toBeUndefined();
  }, 90_000);

  it('converges concurrent edits of one tag on the side with the larger tick sum', async () => {
    await a.db.tagDefs.put({
      key: 'home',
      name: 'Home',
      color: null,
      icon: null,
      sortOrder: 1,
      modifiedAt: at,
      clock: {},
    });
    await both();
    const row = (await a.db.tagDefs.get('home'))!;
    await a.db.tagDefs.put({ ...row, color: 'green' });
    await b.db.tagDefs.put({ ...row, color: 'yellow' });
    await b.db.tagDefs.put({ ...(await b.db.tagDefs.get('home'))!, icon: 'house' }); // B: two ticks
    await both();
    for (const d of [a, b])
      expect(await d.db.tagDefs.get('home')).toMatchObject({ color: 'yellow', icon: 'house' });
  }, 60_000);

  it('never pushes a relation-type property definition', async () => {
    await a.db.propertyDefinitions.put({
      nameKey: 'parent',
      name: 'Parent',
      type: 'relation' as 'text',
      options: [],
      created: 1,
      modified: 1,
    });
    await both();
    expect(await b.db.propertyDefinitions.get('parent')).toBeUndefined();
    expect(await a.db.syncQueue.where('[kind+state]').equals(['record', 'queued']).count()).toBe(0);
  }, 60_000);

  it('carries canvases and settles two canvases of one name made on two devices', async () => {
    const made = value<{ id: string }>(await a.write('canvas.create', { title: 'Board' }));
    await both();
    expect(await b.db.canvases.get(made.id)).toMatchObject({ title: 'Board', pathKey: 'board' });
    value(
      await b.write('canvas.saveScene', made.id, [
        { id: 'e1', type: 'rectangle', x: 1, y: 2, width: 30, height: 40 },
      ]),
    );
    await both();
    expect((await a.db.canvases.get(made.id))?.elements).toHaveLength(1);

    const onA = value<{ id: string }>(await a.write('canvas.create', { title: 'Plan' }));
    const onB = value<{ id: string }>(await b.write('canvas.create', { title: 'Plan' }));
    await both();
    for (const d of [a, b]) {
      const plans = await d.db.canvases.filter((c) => c.title === 'Plan').toArray();
      expect(plans.map((c) => c.id).sort()).toEqual([onA.id, onB.id].sort());
      const larger = [onA.id, onB.id].sort()[1];
      expect(plans.find((c) => c.id === larger)?.pathKey).toBe(`plan#${larger}`);
    }

    value(await a.write('canvas.delete', made.id)); // to the Trash: an update (docs/trash.md)
    await both();
    expect(await b.db.canvases.get(made.id)).toMatchObject({ trashedAt: expect.any(Number) });
    value(await b.write('trash.deletePermanent', 'canvas', made.id));
    await both();
    expect(await a.db.canvases.get(made.id)).toBeUndefined();
  }, 90_000);

  it('merges two journal entries written for the same date on two devices', async () => {
    a.online(false);
    b.online(false);
    value(await a.write('journal.createEntry', { date: '2026-11-20', content: 'Morning run.' }));
    value(await b.write('journal.createEntry', { date: '2026-11-20', content: 'Evening read.' }));
    a.online(true);
    b.online(true);
    await both();
    for (const d of [a, b]) {
      const entry = await d.db.journal.get('j2026-11-20');
      expect(entry?.markdown).toContain('Morning run.');
      expect(entry?.markdown).toContain('Evening read.');
    }
    expect((await a.db.journal.get('j2026-11-20'))?.markdown).toBe(
      (await b.db.journal.get('j2026-11-20'))?.markdown,
    );
  }, 90_000);
  it('carries calendar events, reminders, bookmarks, templates, saved filters and home pages', async () => {
    const event = value<{ id: string }>(
      await a.write('calendar.createEvent', {
        title: 'Dentist',
        startAt: '2026-11-24T09:00:00Z',
        endAt: '2026-11-24T10:00:00Z',
      }),
    );
    const reminder = value<{ id: string }>(
      await a.write('reminders.create', { title: 'Call back', remindAt: '2026-11-25T08:00:00Z' }),
    );
    const note = value<{ id: string }>(await a.notes.create({ title: 'Pinned', markdown: 'x' }));
    const bookmark = value<{ id: string }>(
      await a.write('bookmarks.create', { itemType: 'note', itemId: note.id }),
    );
    const template = value<{ id: string }>(
      await a.write('templates.create', { name: 'Daily', content: '# {{date}}' }),
    );
    const filter = value<{ id: string }>(
      await a.write('savedFilters.create', {
        name: 'Urgent',
        target: 'tasks',
        filter: { priorityAtLeast: 3 },
      }),
    );
    const home = value<{ id: string }>(
      await a.write('homePages.create', { name: 'Start', targetType: 'section', targetId: 'today' }),
    );
    await both();
    // derived index keys are rebuilt on arrival, so the receiving device's look-ups work
    expect(await b.db.calendarEvents.get(event.id)).toMatchObject({ title: 'Dentist', days: ['2026-11-24'] });
    expect(await b.db.reminders.get(reminder.id)).toMatchObject({ title: 'Call back', state: 'pending' });
    expect(await b.db.bookmarks.where('itemKey').equals(`note:${note.id}`).first()).toMatchObject({
      id: bookmark.id,
    });
    expect(await b.db.templates.where('nameKey').equals('daily').first()).toMatchObject({ id: template.id });
    expect(await b.db.savedFilters.get(filter.id)).toMatchObject({ filter: { priorityAtLeast: 3 } });
    expect(await b.db.homePages.get(home.id)).toMatchObject({ name: 'Start' });

    value(await b.write('calendar.updateEvent', event.id, { title: 'Dentist (moved)' }));
    value(await b.write('reminders.dismiss', reminder.id));
    await both();
    expect(await a.db.calendarEvents.get(event.id)).toMatchObject({ title: 'Dentist (moved)' });
    expect(await a.db.reminders.get(reminder.id)).toMatchObject({ state: 'dismissed' });

    value(await a.write('bookmarks.delete', bookmark.id));
    value(await a.write('templates.delete', template.id));
    await both();
    expect(await b.db.bookmarks.get(bookmark.id)).toBeUndefined();
    expect(await b.db.templates.get(template.id)).toBeUndefined();
  }, 90_000);

  it('settles two templates of one name made on two devices: one survives everywhere', async () => {
    a.online(false);
    b.online(false);
    const onA = value<{ id: string }>(await a.write('templates.create', { name: 'Weekly', content: 'A' }));
    const onB = value<{ id: string }>(await b.write('templates.create', { name: 'weekly', content: 'B' }));
    await b.write('templates.update', onB.id, { content: 'B2' }); // B's has the larger tick sum
    a.online(true);
    b.online(true);
    await both();
    for (const d of [a, b]) {
      const all = await d.db.templates.where('nameKey').equals('weekly').toArray();
      expect(all.map((t) => t.id)).toEqual([onB.id]);
      expect(await d.db.templates.get(onA.id)).toBeUndefined();
    }
  }, 90_000);
});
