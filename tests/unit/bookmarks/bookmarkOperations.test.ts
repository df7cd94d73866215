import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BookmarkRecord } from '../../../src/worker/domain/bookmarks/bookmark';
import { openRecordsVault, type RecordsVault, refusal, value } from '../calendar/recordsVault';

type List = { bookmarks: BookmarkRecord[] };

describe('bookmark operations', () => {
  let v: RecordsVault;
  beforeEach(async () => {
    v = await openRecordsVault();
  });
  afterEach(() => v.close());

  it('takes the item’s title, refuses a missing item and a second bookmark of the same item', async () => {
    const note = await v.notes.create({ title: 'Reading list' });
    if (!note.ok) throw new Error('note');
    const b = value<BookmarkRecord>(
      await v.write('bookmarks.create', { itemType: 'note', itemId: note.value.id }),
    );
    expect(b).toMatchObject({ title: 'Reading list', position: 0, clock: { devA: 1 } });
    expect(refusal(await v.write('bookmarks.create', { itemType: 'note', itemId: note.value.id })).code).toBe(
      'CONFLICT',
    );
    expect(refusal(await v.write('bookmarks.create', { itemType: 'task', itemId: 'nope' }))).toMatchObject({
      code: 'NOT_FOUND',
      field: 'itemId',
    });
    expect(value(await v.read('bookmarks.isBookmarked', 'note', note.value.id))).toEqual({
      bookmarked: true,
    });
    expect(value(await v.read('bookmarks.getByItem', 'note', note.value.id))).toEqual(b);
    expect(value(await v.read('bookmarks.getByItem', 'url', 'https://x.test'))).toBeNull();
  });

  it('toggle, bulk create (all or none), list by type, reorder and bulk delete', async () => {
    value(await v.write('bookmarks.create', { itemType: 'url', itemId: 'https://a.test' }));
    const made = value<List>(
      await v.write('bookmarks.bulkCreate', [
        { itemType: 'folder', itemId: 'Work' },
        { itemType: 'search', itemId: 'tag:idea', title: 'Ideas' },
      ]),
    ).bookmarks;
    expect(made.map((b) => b.position)).toEqual([1, 2]);
    expect(
      refusal(
        await v.write('bookmarks.bulkCreate', [
          { itemType: 'folder', itemId: 'Home' },
          { itemType: 'folder', itemId: 'Work' },
        ]),
      ).field,
    ).toBe('bookmarks[1].itemId');
    expect(await v.db.bookmarks.count()).toBe(3);
    const ids = value<List>(await v.read('bookmarks.list')).bookmarks.map((b) => b.id);
    value(await v.write('bookmarks.reorder', [ids[2], ids[0]]));
    expect(value<List>(await v.read('bookmarks.list')).bookmarks.map((b) => b.title)).toEqual([
      'Ideas',
      'https://a.test',
      'Work',
    ]);
    expect(value<List>(await v.read('bookmarks.listByType', 'folder')).bookmarks.map((b) => b.title)).toEqual(
      ['Work'],
    );
    expect(value(await v.write('bookmarks.toggle', { itemType: 'folder', itemId: 'Work' }))).toMatchObject({
      bookmarked: false,
    });
    expect(value(await v.write('bookmarks.toggle', { itemType: 'folder', itemId: 'Work' }))).toMatchObject({
      bookmarked: true,
    });
    const all = value<List>(await v.read('bookmarks.list')).bookmarks.map((b) => b.id);
    value(await v.write('bookmarks.bulkDelete', all));
    expect(await v.db.bookmarks.count()).toBe(0);
    expect(await v.db.tombstones.where('kind').equals('bookmark').count()).toBe(4);
  });
});
