import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tick } from '../../../src/worker/domain/clock/vectorClock';
import { retag } from '../../../src/worker/domain/tags/retag';
import type { TaskRecord } from '../../../src/worker/domain/tasks/types';
import { openTestVault, value } from './harness';

describe('retag', () => {
  it('renames in place, case-insensitively, and merges onto an existing tag without duplicates', () => {
    expect(retag(['a', 'Work', 'b'], 'work', 'job')).toEqual(['a', 'job', 'b']);
    expect(retag(['job', 'work'], 'work', 'Job')).toEqual(['job']);
    expect(retag(['a', 'work'], 'work', null)).toEqual(['a']);
    expect(retag(['a'], 'work', 'job')).toBeNull();
  });
});

describe('tag operations', () => {
  let v: Awaited<ReturnType<typeof openTestVault>>;
  beforeEach(async () => {
    v = await openTestVault();
  });
  afterEach(() => v.close());
  const task = async (title: string, tags: string[]) =>
    value<{ task: TaskRecord }>(await v.write('tasks.create', { title, tags })).task;

  it('rename ticks each retagged task’s clocks; merge leaves one tag; delete removes it everywhere', async () => {
    const a = await task('A', ['work', 'x']);
    const b = await task('B', ['job', 'work']);
    const c = await task('C', ['other']);
    value(await v.write('inbox.captureText', { text: 'capture', tags: ['work'] }));
    value(await v.write('tags.updateTagColor', 'work', 'blue'));

    value(await v.write('tasks.renameTag', 'work', 'job'));
    const a2 = (await v.db.tasks.get(a.id))!;
    expect(a2.tags).toEqual(['job', 'x']);
    expect(a2.clock).toEqual(tick(a.clock, 'devA'));
    expect(a2.fieldClocks.tags).toEqual(tick(a.fieldClocks.tags ?? {}, 'devA'));
    expect((await v.db.tasks.get(b.id))!.tags).toEqual(['job']);
    expect((await v.db.tasks.get(c.id))!.clock).toEqual(c.clock);
    expect((await v.db.inbox.toArray())[0]!.tags).toEqual(['job']);

    // The tag's definition (its colour) moved with the rename.
    const defs = await v.db.tagDefs.toArray();
    expect(defs.find((d) => d.key === 'job')).toMatchObject({ color: 'blue' });
    expect(defs.find((d) => d.key === 'work')).toBeUndefined();

    value(await v.write('tasks.mergeTag', 'x', 'job'));
    expect((await v.db.tasks.get(a.id))!.tags).toEqual(['job']);
    value(await v.write('tasks.deleteTag', 'job'));
    expect(await v.db.tasks.where('tags').equals('job').count()).toBe(0);
    expect((await v.write('tasks.renameTag', 'nothing', 'y')).ok).toBe(false);
  });
});
