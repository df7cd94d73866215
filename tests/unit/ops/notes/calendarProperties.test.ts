import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calendarPropertyOperations } from '../../../../src/worker/ops/notes/calendarPropertyOperations';
import { type ExtrasVault, openExtrasVault } from '../fixtures/notesExtrasVault';

const ui = { caller: { kind: 'ui' as const } };
const approveAll = { ...ui, approve: async () => 'once' as const };

describe('calendar date properties', () => {
  let v: ExtrasVault;
  beforeEach(async () => {
    v = await openExtrasVault((d) => calendarPropertyOperations(d.db, d.feed));
    await v.defs.create('Due', 'date');
    await v.defs.create('Published', 'date');
    await v.defs.create('Status', 'status');
  });
  afterEach(() => v.close());

  it('lists the date properties, visible until hidden, and keeps the choice', async () => {
    expect(await v.registry.read('notes.getCalendarPropertyNames', [], ui)).toEqual({
      ok: true,
      value: [
        { name: 'Due', type: 'date', defined: true, visible: true },
        { name: 'Published', type: 'date', defined: true, visible: true },
      ],
    });
    expect(
      await v.registry.write('notes.setCalendarPropertyVisibility', ['published', false], approveAll),
    ).toEqual({
      ok: true,
      value: { name: 'Published', visible: false },
    });
    expect(await v.registry.read('notes.getCalendarPropertyNames', [], ui)).toMatchObject({
      value: [
        { name: 'Due', visible: true },
        { name: 'Published', visible: false },
      ],
    });
  });

  it('refuses an unknown or non-date property and bad args, changing nothing', async () => {
    const before = await v.snapshot();
    expect(
      await v.registry.write('notes.setCalendarPropertyVisibility', ['Nope', true], approveAll),
    ).toMatchObject({
      error: { code: 'NOT_FOUND', field: 'args[0]' },
    });
    expect(
      await v.registry.write('notes.setCalendarPropertyVisibility', ['Status', true], approveAll),
    ).toMatchObject({ error: { code: 'VALIDATION', field: 'args[0]' } });
    const bad: [unknown[], string][] = [
      [['Due'], 'args'],
      [['Due', 'yes'], 'args[1]'],
      [['', true], 'args[0]'],
      [['Due', true, 1], 'args'],
    ];
    for (const [args, field] of bad) {
      const res = await v.registry.write('notes.setCalendarPropertyVisibility', args, approveAll);
      expect(res).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
      expect(!res.ok && res.error.field?.startsWith(field)).toBe(true);
    }
    expect(await v.snapshot()).toEqual(before);
  });
});
