import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestVault, value } from '../planning/harness';

let v: Awaited<ReturnType<typeof openTestVault>>;
beforeEach(async () => {
  v = await openTestVault();
});
afterEach(() => v.close());

const DAY = 86_400_000;
const capture = async (text: string, tags?: string[]) =>
  value<{ id: string }>(await v.write('inbox.captureText', { text, ...(tags ? { tags } : {}) })).id;
const row = async (id: string) => (await v.db.inbox.get(id))!;
/** Every inbox row as stored: a refusal must leave this exactly as it was. */
const snapshot = async () => JSON.stringify(await v.db.inbox.toArray());
const refusal = (res: { ok: boolean; error?: { code: string; field?: string } }) => {
  expect(res.ok).toBe(false);
  return res.error!;
};

describe('bulk operations: all or nothing', () => {
  it('bulkArchive archives every item; one unknown id archives none', async () => {
    const [a, b] = [await capture('Alpha'), await capture('Beta')];
    const before = await snapshot();
    expect(refusal(await v.write('inbox.bulkArchive', [a, 'nope'])).field).toBe('ids[1]');
    expect(await snapshot()).toBe(before);
    value(await v.write('inbox.bulkArchive', [a, b]));
    expect([(await row(a)).bucket, (await row(b)).bucket]).toEqual(['archived', 'archived']);
    // an archived item cannot be archived again (its archive time would move)
    const archived = await snapshot();
    expect(refusal(await v.write('inbox.bulkArchive', [a])).field).toBe('id');
    expect(await snapshot()).toBe(archived);
  });

  it('bulkTag adds tags once each, without the #; a set of more than 20 is refused whole', async () => {
    const [a, b] = [await capture('Alpha', ['home']), await capture('Beta')];
    value(await v.write('inbox.bulkTag', [a, b], ['#home', 'errands']));
    expect((await row(a)).tags).toEqual(['home', 'errands']);
    expect((await row(b)).tags).toEqual(['home', 'errands']);
    const many = Array.from({ length: 19 }, (_, i) => `t${i}`);
    const before = await snapshot();
    const err = refusal(await v.write('inbox.bulkTag', [b, a], many));
    expect(err.code).toBe('VALIDATION');
    expect(err.field).toBe('tags');
    expect(await snapshot()).toBe(before);
    expect(refusal(await v.write('inbox.bulkTag', [a], [''])).code).toBe('VALIDATION');
    expect(await snapshot()).toBe(before);
  });

  it('bulkSnooze hides every item until then; a past time or a filed item refuses all', async () => {
    const [a, b] = [await capture('Alpha'), await capture('Beta')];
    const before = await snapshot();
    expect(refusal(await v.write('inbox.bulkSnooze', [a, b], { until: '2026-11-20' })).field).toBe('until');
    value(await v.write('inbox.convertToTask', b));
    const filed = await snapshot();
    expect(refusal(await v.write('inbox.bulkSnooze', [a, b], { until: '2026-11-25' })).field).toBe('ids[1]');
    expect(await snapshot()).toBe(filed);
    expect(before).not.toBe(filed);
    value(await v.write('inbox.bulkSnooze', [a], { until: '2026-11-25', reason: 'after the trip' }));
    expect(await row(a)).toMatchObject({ bucket: 'snoozed', snoozeReason: 'after the trip' });
  });
});

describe('one item: unsnooze, tags, viewed', () => {
  it('unsnooze brings a snoozed item back; an item that is not snoozed is refused', async () => {
    const id = await capture('Later');
    const open = await snapshot();
    expect(refusal(await v.write('inbox.unsnooze', id)).field).toBe('id');
    expect(await snapshot()).toBe(open);
    value(await v.write('inbox.snooze', id, { until: '2026-12-01' }));
    value(await v.write('inbox.unsnooze', id));
    expect(await row(id)).toMatchObject({ bucket: 'open', snoozedUntil: null, snoozeReason: null });
    value(await v.write('inbox.archive', id));
    const archived = await snapshot();
    expect(refusal(await v.write('inbox.unsnooze', id)).field).toBe('id');
    expect(await snapshot()).toBe(archived);
  });

  it('addTag and removeTag; the 21st tag, an absent tag and an unknown item are refused', async () => {
    const id = await capture('Tagged', ['a']);
    value(await v.write('inbox.addTag', id, '#b'));
    value(await v.write('inbox.addTag', id, 'b')); // already there: kept once
    expect((await row(id)).tags).toEqual(['a', 'b']);
    value(await v.write('inbox.removeTag', id, 'a'));
    expect((await row(id)).tags).toEqual(['b']);
    let before = await snapshot();
    expect(refusal(await v.write('inbox.removeTag', id, 'a'))).toMatchObject({
      code: 'NOT_FOUND',
      field: 'tag',
    });
    expect(refusal(await v.write('inbox.addTag', 'nope', 'x')).code).toBe('NOT_FOUND');
    expect(await snapshot()).toBe(before);
    value(
      await v.write(
        'inbox.bulkTag',
        [id],
        Array.from({ length: 19 }, (_, i) => `t${i}`),
      ),
    );
    before = await snapshot();
    expect(refusal(await v.write('inbox.addTag', id, 'one-too-many')).field).toBe('tag');
    expect(await snapshot()).toBe(before);
  });

  it('markViewed keeps the first time it was seen', async () => {
    const id = await capture('Seen');
    value(await v.write('inbox.markViewed', id));
    const first = (await row(id)).viewedAt;
    v.clock.ms += DAY;
    value(await v.write('inbox.markViewed', id));
    expect((await row(id)).viewedAt).toBe(first);
  });
});

describe('stale items and the filing history', () => {
  it('fileAllStale files only open items older than the threshold; a bad target files none', async () => {
    const old = await capture('Old one');
    const older = await capture('Older one');
    v.clock.ms += 10 * DAY;
    const fresh = await capture('Fresh');
    const snoozed = await capture('Snoozed old');
    v.clock.ms += 10 * DAY;
    value(await v.write('inbox.snooze', snoozed, { until: '2027-01-01' }));
    value(await v.write('inbox.setStaleThreshold', 15));

    const before = await snapshot();
    const tasks = await v.db.tasks.count();
    expect(refusal(await v.write('inbox.fileAllStale', { projectId: 'nope' })).code).toBe('VALIDATION');
    expect(refusal(await v.write('inbox.fileAllStale', {})).code).toBe('VALIDATION');
    expect(await snapshot()).toBe(before);
    expect(await v.db.tasks.count()).toBe(tasks);

    const done = value<{ items: { id: string }[] }>(
      await v.write('inbox.fileAllStale', { projectId: 'inbox' }),
    );
    expect(done.items.map((i) => i.id).sort()).toEqual([old, older].sort());
    expect((await row(fresh)).bucket).toBe('open');
    expect((await row(snoozed)).bucket).toBe('snoozed');
    // nothing stale left: an empty answer, and nothing written
    expect(
      value<{ items: unknown[] }>(await v.write('inbox.fileAllStale', { projectId: 'inbox' })).items,
    ).toEqual([]);
  });

  it('getFilingHistory lists filed items newest first with where they went; an undone one leaves', async () => {
    const a = await capture('First');
    const b = await capture('Second');
    value(await v.write('inbox.convertToTask', a));
    v.clock.ms += 60_000;
    value(await v.write('inbox.convertToNote', b, { folder: 'Ideas' }));
    type H = {
      id: string;
      filedTo: string;
      filedAction: string;
      history: { action: string; into?: string }[];
    };
    let hist = value<{ items: H[] }>(await v.read('inbox.getFilingHistory')).items;
    expect(hist.map((h) => [h.id, h.filedAction])).toEqual([
      [b, 'convertToNote'],
      [a, 'convertToTask'],
    ]);
    expect(hist[0]!.filedTo).toMatch(/^note:/);
    expect(hist[0]!.history.at(-1)).toMatchObject({ action: 'convert', into: 'folder:Ideas' });
    expect(value<{ items: H[] }>(await v.read('inbox.getFilingHistory', { limit: 1 })).items).toHaveLength(1);
    expect(refusal(await v.read('inbox.getFilingHistory', { limit: 0 })).code).toBe('VALIDATION');
    expect(refusal(await v.read('inbox.getFilingHistory', { since: 1 })).code).toBe('VALIDATION');
    value(await v.write('inbox.undoFile', b));
    hist = value<{ items: H[] }>(await v.read('inbox.getFilingHistory')).items;
    expect(hist.map((h) => h.id)).toEqual([a]);
  });
});
