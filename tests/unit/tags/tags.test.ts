import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tick } from '../../../src/worker/domain/clock/vectorClock';
import { retag } from '../../../src/worker/domain/tags/retag';
import type { TaskRecord } from '../../../src/worker/domain/tasks/types';
import { value } from '../planning/harness';
import { openTagVault } from './tagVault';

describe('retag', () => {
  it('renames in place, case-insensitively, children included, and merges without duplicates', () => {
    expect(retag(['a', 'Work', 'b'], 'work', 'job')).toEqual(['a', 'job', 'b']);
    expect(retag(['job', 'work'], 'work', 'Job')).toEqual(['job']);
    expect(retag(['a', 'work'], 'work', null)).toEqual(['a']);
    expect(retag(['area/work', 'areas'], 'area', 'zone')).toEqual(['zone/work', 'areas']);
    expect(retag(['area/x', 'area'], 'area', null)).toEqual([]);
    expect(retag(['a', 'workshop'], 'work', 'job')).toBeNull();
  });
});

interface TagEntry {
  name: string;
  count: number;
  color: string | null;
  category_id: string | null;
  category_name: string | null;
  sort_order: number;
  counts: { notes: number; tasks: number; captures: number };
}

describe('tags across notes, tasks and captures', () => {
  let v: Awaited<ReturnType<typeof openTagVault>>;
  beforeEach(async () => {
    v = await openTagVault();
  });
  afterEach(() => v.close());
  const task = async (title: string, tags: string[]) =>
    value<{ task: TaskRecord }>(await v.write('tasks.create', { title, tags })).task;
  const tags = async () => value<TagEntry[]>(await v.read('tags.getAllWithCounts'));

  it('one rename reaches note frontmatter, inline tags, tasks, captures and the definition', async () => {
    const n1 = await v.note('Plan', '---\ntags: [work, other]\n---\nSee #work/deep and #Work.\n');
    const n2 = await v.note('Loose', 'nothing tagged here #workshop\n');
    const a = await task('A', ['work', 'x']);
    const b = await task('B', ['job', 'work/deep']);
    const c = await task('C', ['other']);
    value(await v.write('inbox.captureText', { text: 'capture', tags: ['work'] }));
    value(await v.write('tags.updateTagColor', 'work', 'blue'));

    const before = (await tags()).find((t) => t.name === 'work');
    expect(before?.counts).toEqual({ notes: 1, tasks: 2, captures: 1 });
    expect(before).toMatchObject({ count: 4, color: 'blue' });

    const report = value<{ changed: number; tasks: number; captures: number }>(
      await v.write('tags.renameTag', '#work', 'job'),
    );
    expect(report).toMatchObject({ changed: 1, tasks: 2, captures: 1 });
    expect(await v.markdown(n1)).toBe('---\ntags:\n  - job\n  - other\n---\nSee #job/deep and #job.\n');
    expect(await v.markdown(n2)).toBe('nothing tagged here #workshop\n');
    const a2 = (await v.db.tasks.get(a.id))!;
    expect(a2.tags).toEqual(['job', 'x']);
    expect(a2.clock).toEqual(tick(a.clock, 'devA'));
    expect(a2.fieldClocks.tags).toEqual(tick(a.fieldClocks.tags ?? {}, 'devA'));
    expect((await v.db.tasks.get(b.id))!.tags).toEqual(['job', 'job/deep']);
    expect((await v.db.tasks.get(c.id))!.clock).toEqual(c.clock);
    expect((await v.db.inbox.toArray())[0]!.tags).toEqual(['job']);

    const after = await tags();
    expect(after.find((t) => t.name.toLowerCase() === 'work')).toBeUndefined();
    expect(after.find((t) => t.name === 'job')).toMatchObject({
      color: 'blue',
      counts: { notes: 1, tasks: 2, captures: 1 },
    });
    expect((await v.db.tagDefs.get('job'))?.color).toBe('blue');
    expect(await v.db.tagDefs.get('work')).toBeUndefined();
  });

  it('merge leaves one tag on records that had both; delete removes it from every kind', async () => {
    const n = await v.note('Both', '---\ntags: [x, job]\n---\n#x body\n');
    const t = await task('T', ['x', 'job']);
    value(await v.write('tags.mergeTag', 'x', 'job'));
    expect(await v.markdown(n)).toBe('---\ntags:\n  - job\n---\n#job body\n');
    expect((await v.db.tasks.get(t.id))!.tags).toEqual(['job']);

    value(await v.write('tags.deleteTag', 'job'));
    expect(await v.markdown(n)).toBe('---\n---\n body\n');
    expect((await v.db.tasks.get(t.id))!.tags).toEqual([]);
    expect(await tags()).toEqual([]);
  });

  it('refuses bad input and changes nothing', async () => {
    const t = await task('T', ['work']);
    const nothing = await v.write('tags.renameTag', 'absent', 'y');
    expect(nothing.ok || nothing.error.code).toBe('NOT_FOUND');
    const bad = await v.write('tags.renameTag', 'work', 'two words');
    expect(bad.ok || bad.error).toMatchObject({ code: 'VALIDATION', field: 'args[1]' });
    expect((await v.db.tasks.get(t.id))!.tags).toEqual(['work']);
  });

  it('categories: create, assign, list with counts, rename, delete leaves tags uncategorised', async () => {
    await task('T', ['alpha', 'beta']);
    const cat = value<{ id: string }>(await v.write('tags.createCategory', 'Areas'));
    value(await v.write('tags.setTagCategory', 'alpha', cat.id));
    expect((await tags()).find((t) => t.name === 'alpha')).toMatchObject({
      category_id: cat.id,
      category_name: 'Areas',
    });
    value(await v.write('tags.renameCategory', cat.id, 'Zones'));
    expect(value(await v.read('tags.listCategories'))).toEqual([
      { id: cat.id, name: 'Zones', position: 0, tag_count: 1 },
    ]);
    const missing = await v.write('tags.setTagCategory', 'beta', 'nope');
    expect(missing.ok || missing.error).toMatchObject({ code: 'NOT_FOUND', field: 'args[1]' });
    value(await v.write('tags.deleteCategory', cat.id));
    expect((await tags()).find((t) => t.name === 'alpha')).toMatchObject({ category_id: null });
    expect(value(await v.read('tags.listCategories'))).toEqual([]);
  });

  it('reorder puts the named tags first, in order; the rest follow by name', async () => {
    await task('T', ['a', 'b', 'c', 'd']);
    value(await v.write('tags.reorder', ['c', 'a']));
    expect((await tags()).map((t) => [t.name, t.sort_order])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
      ['d', 3],
    ]);
  });

  it('a pinned note lists first among the tag’s notes, and the pin follows a rename', async () => {
    const old = await v.note('Old', '#topic one\n');
    v.clock.ms += 60_000;
    const fresh = await v.note('Fresh', '#topic two\n');
    const other = await v.note('Other', 'untagged\n');
    const ids = async (tag: string) =>
      value<{ id: string; pinned: boolean }[]>(await v.read('tags.getNotesByTag', tag)).map((n) => n.id);
    expect(await ids('topic')).toEqual([fresh, old]);
    value(await v.write('tags.pinNoteToTag', 'topic', old));
    expect(await ids('topic')).toEqual([old, fresh]);
    const refused = await v.write('tags.pinNoteToTag', 'topic', other);
    expect(refused.ok || refused.error.code).toBe('VALIDATION');
    value(await v.write('tags.renameTag', 'topic', 'subject'));
    expect(await ids('subject')).toEqual([old, fresh]);
    value(await v.write('tags.unpinNoteFromTag', 'subject', old));
    const listed = value<{ pinned: boolean }[]>(await v.read('tags.getNotesByTag', 'subject'));
    expect(listed.map((n) => n.pinned)).toEqual([false, false]);
    const again = await v.write('tags.unpinNoteFromTag', 'subject', old);
    expect(again.ok || again.error.code).toBe('NOT_FOUND');
  });
});
