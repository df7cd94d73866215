import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestVault, value } from './harness';

/**
 * Spec 4.4/4.5 operations the UI does not call (agents do) and no test read before session 10:
 * journal.getAllTags (the journal's tags), tasks.getTags, inbox.getTags and inbox.update.
 */
let v: Awaited<ReturnType<typeof openTestVault>>;
beforeEach(async () => {
  v = await openTestVault();
});
afterEach(() => v.close());

type Tags = { tags: { name: string; count: number }[] };

describe('tag counts per kind of record', () => {
  it('journal.getAllTags counts the entries carrying each tag written in their bodies', async () => {
    expect(value<Tags>(await v.read('journal.getAllTags')).tags).toEqual([]);
    await v.write('journal.createEntry', { date: '2026-11-19', content: 'Ran 5k #health #Work/ideas' });
    await v.write('journal.createEntry', { date: '2026-11-20', content: 'Slept well #health' });
    await v.write('journal.createEntry', { date: '2026-11-21', content: 'No tag, `#code` is not one' });
    expect(value<Tags>(await v.read('journal.getAllTags')).tags).toEqual([
      { name: 'health', count: 2 },
      { name: 'work/ideas', count: 1 },
    ]);
    // An edit that drops a tag drops its count.
    value(await v.write('journal.updateEntry', '2026-11-20', { content: 'Slept well' }));
    expect(value<Tags>(await v.read('journal.getAllTags')).tags).toEqual([
      { name: 'health', count: 1 },
      { name: 'work/ideas', count: 1 },
    ]);
  });

  it('tasks.getTags and inbox.getTags count their own records only', async () => {
    await v.write('tasks.create', { title: 'A', tags: ['home', 'urgent'] });
    await v.write('tasks.create', { title: 'B', tags: ['home'] });
    const id = value<{ id: string }>(await v.write('inbox.captureText', { text: 'Idea' })).id;
    value(await v.write('inbox.addTag', id, 'later'));
    expect(value<Tags>(await v.read('tasks.getTags')).tags).toEqual([
      { name: 'home', count: 2 },
      { name: 'urgent', count: 1 },
    ]);
    expect(value<Tags>(await v.read('inbox.getTags')).tags).toEqual([{ name: 'later', count: 1 }]);
  });
});

describe('inbox.update', () => {
  it('changes the title and text, ticking the clock; bad input names the field and changes nothing', async () => {
    const id = value<{ id: string }>(await v.write('inbox.captureText', { text: 'Call Anna' })).id;
    const before = (await v.db.inbox.get(id))!;
    value(await v.write('inbox.update', id, { title: 'Call Anna today', content: 'about the lease' }));
    const after = (await v.db.inbox.get(id))!;
    expect(after).toMatchObject({ title: 'Call Anna today', content: 'about the lease' });
    expect(after.clock.devA).toBe(before.clock.devA! + 1);

    for (const [patch, field] of [
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(501) }, 'title'],
      [{}, 'args[1]'],
      [{ colour: 'red' }, 'colour'],
    ] as const) {
      const res = await v.write('inbox.update', id, patch);
      expect(res.ok).toBe(false);
      if (!res.ok) {
        expect(res.error.code).toBe('VALIDATION');
        expect(res.error.field).toContain(field);
      }
    }
    const missing = await v.write('inbox.update', 'nope', { title: 'x' });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error.code).toBe('NOT_FOUND');
    expect(await v.db.inbox.get(id)).toEqual(after);
  });
});
