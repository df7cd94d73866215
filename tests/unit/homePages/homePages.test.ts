import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HomePageRecord } from '../../../src/worker/domain/homePages/homePage';
import { openRecordsVault, type RecordsVault, refusal, value } from '../calendar/recordsVault';

type List = { homePages: HomePageRecord[]; defaultId: string | null };

describe('home page operations', () => {
  let v: RecordsVault;
  beforeEach(async () => {
    v = await openRecordsVault();
  });
  afterEach(() => v.close());

  it('one default at most; reorder; update; delete with a tombstone', async () => {
    const a = value<HomePageRecord>(
      await v.write('homePages.create', {
        name: 'Today',
        targetType: 'section',
        targetId: 'tasks',
        isDefault: true,
      }),
    );
    const b = value<HomePageRecord>(
      await v.write('homePages.create', { name: 'Journal', targetType: 'journal', targetId: 'today' }),
    );
    expect(value<List>(await v.read('homePages.list')).defaultId).toBe(a.id);
    value(await v.write('homePages.update', b.id, { isDefault: true }));
    const list = value<List>(await v.read('homePages.list'));
    expect(list.defaultId).toBe(b.id);
    expect(list.homePages.filter((p) => p.isDefault)).toHaveLength(1);
    expect(list.homePages.find((p) => p.id === a.id)?.clock).toEqual({ devA: 2 });
    value(await v.write('homePages.reorder', [b.id]));
    expect(value<List>(await v.read('homePages.list')).homePages.map((p) => p.name)).toEqual([
      'Journal',
      'Today',
    ]);
    expect(refusal(await v.write('homePages.reorder', ['nope'])).field).toBe('ids[0]');
    expect(
      refusal(await v.write('homePages.create', { name: 'x', targetType: 'planet', targetId: 'm' })).field,
    ).toBe('args[0].targetType');
    value(await v.write('homePages.delete', a.id));
    expect(refusal(await v.read('homePages.get', a.id)).code).toBe('NOT_FOUND');
    expect(await v.db.tombstones.get(a.id)).toMatchObject({ kind: 'homePage' });
  });
});
