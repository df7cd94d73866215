import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchesTask } from '../../../src/worker/domain/savedFilters/matchFilter';
import { openRecordsVault, type RecordsVault, refusal, value } from '../calendar/recordsVault';

const task = {
  title: 'Pay rent',
  tags: ['Home'],
  projectId: 'inbox',
  priority: 3,
  dueDate: '2026-11-20',
  completedAt: null,
  archivedAt: null,
};

describe('matchesTask', () => {
  it('every condition must hold; archived never matches; open by default', () => {
    const today = '2026-11-21';
    expect(
      matchesTask(task, { due: 'overdue', tags: ['home'], text: 'RENT', priorityAtLeast: 3 }, today),
    ).toBe(true);
    expect(matchesTask(task, { due: 'today' }, today)).toBe(false);
    expect(matchesTask({ ...task, dueDate: '2026-11-27' }, { due: 'thisWeek' }, today)).toBe(true);
    expect(matchesTask({ ...task, dueDate: '2026-11-28' }, { due: 'thisWeek' }, today)).toBe(false);
    expect(matchesTask({ ...task, completedAt: 'x' }, {}, today)).toBe(false);
    expect(matchesTask({ ...task, completedAt: 'x' }, { status: 'any' }, today)).toBe(true);
    expect(matchesTask({ ...task, archivedAt: 'x' }, { status: 'any' }, today)).toBe(false);
    expect(matchesTask(task, { priorityAtLeast: 4 }, today)).toBe(false);
    expect(matchesTask(task, { dueBefore: '2026-11-20' }, today)).toBe(false);
  });
});

describe('saved filter operations', () => {
  let v: RecordsVault;
  beforeEach(async () => {
    v = await openRecordsVault();
  });
  afterEach(() => v.close());

  it('a saved task filter answers the matching tasks; notes filters answer notes', async () => {
    for (const [title, priority, tags] of [
      ['Urgent bill', 4, ['money']],
      ['Call mum', 1, []],
      ['Tax return', 3, ['money']],
    ] as const)
      value(await v.write('tasks.create', { title, priority, tags: [...tags] }));
    const f = value<{ id: string; position: number }>(
      await v.write('savedFilters.create', {
        name: 'Money, high',
        target: 'tasks',
        filter: { tags: ['money'], priorityAtLeast: 3 },
      }),
    );
    const res = value<{ tasks: { title: string }[] }>(await v.read('savedFilters.apply', f.id));
    expect(res.tasks.map((t) => t.title).sort()).toEqual(['Tax return', 'Urgent bill']);

    await v.notes.create({ title: 'Idea one', folderPath: 'Ideas/2026' });
    await v.notes.create({ title: 'Elsewhere' });
    const nf = value<{ id: string }>(
      await v.write('savedFilters.create', { name: 'Ideas', target: 'notes', filter: { folder: 'Ideas' } }),
    );
    expect(value<{ notes: { title: string }[] }>(await v.read('savedFilters.apply', nf.id)).notes).toEqual([
      expect.objectContaining({ title: 'Idea one' }),
    ]);
    value(await v.write('savedFilters.reorder', [nf.id]));
    expect(
      value<{ savedFilters: { name: string }[] }>(await v.read('savedFilters.list')).savedFilters.map(
        (x) => x.name,
      ),
    ).toEqual(['Ideas', 'Money, high']);
    expect(
      value<{ savedFilters: unknown[] }>(await v.read('savedFilters.list', { target: 'notes' })).savedFilters,
    ).toHaveLength(1);
  });

  it('refuses unknown conditions and empty names; update ticks; delete leaves a tombstone', async () => {
    expect(
      refusal(await v.write('savedFilters.create', { name: 'x', target: 'tasks', filter: { colour: 'red' } }))
        .field,
    ).toBe('args[0].filter.colour');
    expect(
      refusal(await v.write('savedFilters.create', { name: ' ', target: 'tasks', filter: {} })).field,
    ).toBe('name');
    const f = value<{ id: string }>(
      await v.write('savedFilters.create', { name: 'x', target: 'tasks', filter: {} }),
    );
    expect(value(await v.write('savedFilters.update', f.id, { filter: { due: 'today' } }))).toMatchObject({
      filter: { due: 'today' },
      clock: { devA: 2 },
    });
    value(await v.write('savedFilters.delete', f.id));
    expect(await v.db.tombstones.get(f.id)).toMatchObject({ kind: 'savedFilter' });
  });
});
