import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderTemplate, variablesIn } from '../../../src/worker/domain/templates/renderTemplate';
import { openRecordsVault, type RecordsVault, refusal, value } from '../calendar/recordsVault';

// 2026-11-21 23:30 UTC is already Sunday the 22nd in Berlin.
const at = Date.parse('2026-11-21T23:30:00Z');

describe('renderTemplate', () => {
  it('fills built-ins in the time zone, the caller’s variables, and leaves unknown and escaped ones', () => {
    const text = '# {{title}}\n{{ date }} {{time}} {{weekday}} {{who}} {{unknown}} \\{{date}}';
    expect(
      renderTemplate(text, { now: at, timeZone: 'Europe/Berlin', title: 'Plan', variables: { who: 'Sam' } }),
    ).toBe('# Plan\n2026-11-22 00:30 Sunday Sam {{unknown}} {{date}}');
    expect(renderTemplate('{{date}}', { now: at, timeZone: 'America/New_York', title: '' })).toBe(
      '2026-11-21',
    );
    expect(variablesIn(text)).toEqual(['title', 'date', 'time', 'weekday', 'who', 'unknown']);
  });
});

describe('template operations and notes.applyTemplate', () => {
  let v: RecordsVault;
  beforeEach(async () => {
    v = await openRecordsVault();
  });
  afterEach(() => v.close());

  it('creates, refuses a duplicate name, duplicates, and applies to a new and an existing note', async () => {
    const t = value<{ id: string; variables: string[] }>(
      await v.write('templates.create', {
        name: 'Meeting',
        titleTemplate: 'Meeting {{date}}',
        content: '# {{title}}\nAttendees: {{who}}\n',
        folderPath: 'Meetings',
      }),
    );
    expect(t.variables).toEqual(['date', 'title', 'who']);
    expect(refusal(await v.write('templates.create', { name: 'meeting', content: '' })).code).toBe(
      'CONFLICT',
    );
    const copy = value<{ name: string }>(await v.write('templates.duplicate', t.id));
    expect(copy.name).toBe('Meeting copy');
    expect(
      value<{ templates: { name: string }[] }>(await v.read('templates.list')).templates.map((x) => x.name),
    ).toEqual(['Meeting', 'Meeting copy']);

    const made = value<{ id: string; title: string; created: boolean }>(
      await v.write('notes.applyTemplate', t.id, { variables: { who: 'Ana' } }),
    );
    expect(made).toMatchObject({ title: 'Meeting 2026-11-21', created: true });
    const note = await v.notes.get(made.id);
    expect(note).toMatchObject({
      folderPath: 'Meetings',
      markdown: '# Meeting 2026-11-21\nAttendees: Ana\n',
    });

    const plain = await v.notes.create({ title: 'Log', markdown: 'first line' });
    if (!plain.ok) throw new Error('note');
    value(await v.write('notes.applyTemplate', t.id, { noteId: plain.value.id }));
    expect((await v.notes.get(plain.value.id))?.markdown).toBe('first line\n\n# Log\nAttendees: {{who}}\n');
    expect(refusal(await v.write('notes.applyTemplate', 'nope')).field).toBe('templateId');
    expect(refusal(await v.write('notes.applyTemplate', t.id, { noteId: 'nope' })).field).toBe(
      'options.noteId',
    );
  });

  it('update keeps names unique; delete leaves a tombstone', async () => {
    const a = value<{ id: string }>(await v.write('templates.create', { name: 'A', content: 'a' }));
    value(await v.write('templates.create', { name: 'B', content: 'b' }));
    expect(refusal(await v.write('templates.update', a.id, { name: ' b ' })).code).toBe('CONFLICT');
    expect(value(await v.write('templates.update', a.id, { content: 'new' }))).toMatchObject({
      content: 'new',
      clock: { devA: 2 },
    });
    value(await v.write('templates.delete', a.id));
    expect(await v.db.tombstones.get(a.id)).toMatchObject({ kind: 'template' });
  });
});
