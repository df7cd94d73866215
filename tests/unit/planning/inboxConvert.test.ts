import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore } from '../../../src/worker/settings/settingsStore';
import { openTestVault, value } from './harness';

let v: Awaited<ReturnType<typeof openTestVault>>;
beforeEach(async () => {
  v = await openTestVault();
});
afterEach(() => v.close());

const capture = async (text: string) =>
  value<{ id: string }>(await v.write('inbox.captureText', { text })).id;
type Filed = {
  filedTo: string;
  event?: { id: string; title: string };
  reminder?: { id: string; title: string };
};
const snapshot = async () => ({
  inbox: await v.db.inbox.toArray(),
  events: await v.db.calendarEvents.toArray(),
  reminders: await v.db.reminders.toArray(),
  bodies: await v.db.bodies.toArray(),
});

describe('inbox.convertToEvent / convertToReminder / linkToNote', () => {
  it('convertToEvent makes the event and files the item in one go; undoFile removes the unedited event', async () => {
    const id = await capture('Dentist\nbring the card');
    const res = value<Filed>(await v.write('inbox.convertToEvent', id, { startAt: '2026-11-25T09:00:00Z' }));
    expect(res.event).toMatchObject({ title: 'Dentist', endAt: '2026-11-25T10:00:00.000Z' });
    expect(res.filedTo).toBe(`event:${res.event?.id}`);
    const item = value<{ filedAction: string; filedTo: string }>(await v.read('inbox.get', id));
    expect(item).toMatchObject({ filedAction: 'convertToEvent', filedTo: res.filedTo });
    const history = await v.read('inbox.getFilingHistory');
    expect(JSON.stringify(value(history))).toContain(res.filedTo);
    const undone = value<{ removed: string }>(await v.write('inbox.undoFile', id));
    expect(undone.removed).toBe(res.filedTo);
    expect(await v.db.calendarEvents.count()).toBe(0);
    expect((await v.db.tombstones.get(res.event!.id))?.kind).toBe('event');
  });

  it('convertToEvent without an end lasts the calendar’s defaultEventMinutes; a given end is kept', async () => {
    const set = await createSettingsStore(v.services).setGroup('calendar', { defaultEventMinutes: 25 });
    expect(set.ok).toBe(true);
    const short = await capture('Stand-up');
    const a = value<Filed & { event: { endAt: string } }>(
      await v.write('inbox.convertToEvent', short, { startAt: '2026-11-25T09:00:00Z' }),
    );
    expect(a.event.endAt).toBe('2026-11-25T09:25:00.000Z');
    const long = await capture('Workshop');
    const b = value<Filed & { event: { endAt: string } }>(
      await v.write('inbox.convertToEvent', long, {
        startAt: '2026-11-25T13:00:00Z',
        endAt: '2026-11-25T17:00:00Z',
      }),
    );
    expect(b.event.endAt).toBe('2026-11-25T17:00:00.000Z');
    // An all-day event still spans its day, whatever the default length.
    const day = await capture('Holiday');
    const c = value<Filed & { event: { endAt: string } }>(
      await v.write('inbox.convertToEvent', day, { startAt: '2026-11-26T00:00:00Z', allDay: true }),
    );
    expect(c.event.endAt).toBe('2026-11-27T00:00:00.000Z');
    // A refused conversion (end before start) writes nothing, with the setting in play too.
    const late = await capture('Backwards');
    const before = await snapshot();
    const bad = await v.write('inbox.convertToEvent', late, {
      startAt: '2026-11-25T09:00:00Z',
      endAt: '2026-11-25T08:00:00Z',
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.field).toContain('endAt');
    expect(await snapshot()).toEqual(before);
  });

  it('convertToReminder takes the given title; an edited reminder survives undo', async () => {
    const id = await capture('Pay rent');
    const res = value<Filed>(
      await v.write('inbox.convertToReminder', id, { remindAt: '2026-11-30T08:00:00Z', title: 'Rent!' }),
    );
    expect(res.reminder).toMatchObject({ title: 'Rent!', state: 'pending', body: 'Pay rent' });
    // an edit elsewhere (reminders.update) moves modifiedAt: the reminder is the user's now
    await v.db.reminders.update(res.reminder!.id, {
      title: 'Rent, really',
      modifiedAt: '2026-11-21T11:00:00.000Z',
    });
    const undone = value<{ removed: string | null; kept: string | null }>(
      await v.write('inbox.undoFile', id),
    );
    expect(undone).toMatchObject({ removed: null, kept: res.filedTo });
    expect(await v.db.reminders.get(res.reminder!.id)).toBeTruthy();
  });

  it('linkToNote adds the capture to the end of an existing note and files the item there', async () => {
    const noteItem = await capture('Groceries');
    const made = value<{ items: { filedTo: string }[] }>(await v.write('inbox.convertToNote', noteItem));
    const noteId = made.items[0]!.filedTo.slice('note:'.length);
    const id = await capture('also oat milk');
    const res = value<Filed>(await v.write('inbox.linkToNote', id, noteId));
    expect(res.filedTo).toBe(`note:${noteId}`);
    expect((await v.db.bodies.get(noteId))?.markdown).toBe('Groceries\n\nalso oat milk');
    const item = value<{ filedAction: string }>(await v.read('inbox.get', id));
    expect(item.filedAction).toBe('linkToNote');
  });

  it('refuses bad input naming the field and changes nothing', async () => {
    const id = await capture('Thing');
    const filedId = await capture('Filed already');
    value(await v.write('inbox.convertToTask', filedId));
    const before = await snapshot();
    const cases: [string, unknown[], string][] = [
      ['inbox.convertToEvent', [id], 'args'],
      ['inbox.convertToEvent', [id, {}], 'startAt'],
      ['inbox.convertToEvent', [id, { startAt: 'tomorrow' }], 'startAt'],
      ['inbox.convertToEvent', [id, { startAt: '2026-11-25T09:00:00Z', color: 'red' }], 'color'],
      ['inbox.convertToEvent', [id, { startAt: '2026-11-25T09:00:00Z', extra: 1 }], 'args[1]'],
      ['inbox.convertToEvent', ['nope', { startAt: '2026-11-25T09:00:00Z' }], 'id'],
      ['inbox.convertToEvent', [filedId, { startAt: '2026-11-25T09:00:00Z' }], 'id'],
      [
        'inbox.convertToEvent',
        [id, { startAt: '2026-11-25T09:00:00Z', endAt: '2026-11-24T09:00:00Z' }],
        'endAt',
      ],
      ['inbox.convertToReminder', [id, {}], 'remindAt'],
      ['inbox.convertToReminder', [id, { remindAt: '2026-11-25T09:00:00Z', targetType: 'task' }], 'target'],
      ['inbox.convertToReminder', [id, { remindAt: '2026-11-25T09:00:00Z', title: '' }], 'title'],
      ['inbox.convertToReminder', [filedId, { remindAt: '2026-11-25T09:00:00Z' }], 'id'],
      ['inbox.linkToNote', [id], 'args'],
      ['inbox.linkToNote', [id, ''], 'args[1]'],
      ['inbox.linkToNote', [id, 'nope'], 'noteId'],
      ['inbox.linkToNote', ['nope', 'x'], 'id'],
      ['inbox.linkToNote', [filedId, 'x'], 'id'],
    ];
    for (const [op, args, field] of cases) {
      const res = await v.registry.write(op, args, { caller: { kind: 'ui' }, approve: async () => 'once' });
      expect(res.ok, `${op} ${JSON.stringify(args)}`).toBe(false);
      if (!res.ok) expect(res.error.field ?? '', `${op} ${JSON.stringify(args)}`).toContain(field);
    }
    expect(await snapshot()).toEqual(before);
  });
});
