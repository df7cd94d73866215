import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { BODY_TEXT, createDocStore } from '../../../src/worker/crdt/docStore';
import { monthGrid, monthRange } from '../../../src/worker/domain/journal/calendarRanges';
import { journalTags, wordCount } from '../../../src/worker/domain/journal/journalText';
import { computeStreak } from '../../../src/worker/domain/journal/streak';
import { openTestVault, value } from './harness';

describe('journal rules', () => {
  it('streak: counts back from today or yesterday, breaks on a missed day, across month and leap day', () => {
    const dates = ['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-03'];
    expect(computeStreak(dates, '2024-03-03')).toEqual({ current: 1, longest: 4, lastDate: '2024-03-03' });
    expect(computeStreak(dates.slice(0, 4), '2024-03-02')).toMatchObject({ current: 4 });
    expect(computeStreak(dates.slice(0, 4), '2024-03-03')).toMatchObject({ current: 0, longest: 4 });
    expect(computeStreak([], '2024-03-03')).toEqual({ current: 0, longest: 0, lastDate: null });
  });

  it('month ranges and grids know month lengths and start weeks on Monday', () => {
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2023-02')?.to).toBe('2023-02-28');
    expect(monthRange('2023-13')).toBeNull();
    const grid = monthGrid('2026-11'); // 1 Nov 2026 is a Sunday
    expect(grid[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(grid.flat().filter((d) => d !== null)).toHaveLength(30);
  });

  it('tags and word counts ignore code', () => {
    expect(journalTags('Ran 5k #Health and #work/ideas `#notatag`')).toEqual(['health', 'work/ideas']);
    expect(wordCount('# Title\n\nIt’s a well-known **fact**.')).toBe(5);
  });
});

describe('journal operations', () => {
  let v: Awaited<ReturnType<typeof openTestVault>>;
  beforeEach(async () => {
    v = await openTestVault();
  });
  afterEach(() => v.close());

  it('one entry a date with id j+date; the body is a Yjs document and the row its mirror', async () => {
    const e = value<{ id: string }>(
      await v.write('journal.createEntry', { date: '2026-11-21', content: 'Hello #mood' }),
    );
    expect(e.id).toBe('j2026-11-21');
    expect((await v.write('journal.createEntry', { date: '2026-11-21' })).ok).toBe(false);
    value(await v.write('journal.updateEntry', '2026-11-21', { content: 'Hello there #mood' }));
    const state = await v.db.transaction('r', v.db.crdtUpdates, v.db.crdtSnapshots, () =>
      createDocStore(v.db).loadState('j2026-11-21'),
    );
    const doc = new Y.Doc();
    Y.applyUpdate(doc, state!);
    expect(doc.getText(BODY_TEXT).toString()).toBe('Hello there #mood');
    expect(await v.db.crdtUpdates.where('docId').equals('j2026-11-21').count()).toBe(2);
    const got = value<{ content_markdown: string; tags: string[] }>(
      await v.read('journal.getEntry', '2026-11-21'),
    );
    expect(got).toMatchObject({ content_markdown: 'Hello there #mood', tags: ['mood'] });
    expect(v.seen.flat()).toContainEqual({ table: 'journal', op: 'put', ids: ['j2026-11-21'] });
  });

  it('refuses impossible dates and missing entries, writing nothing', async () => {
    expect((await v.write('journal.createEntry', { date: '2026-02-30' })).ok).toBe(false);
    expect((await v.write('journal.updateEntry', '2026-11-20', { content: 'x' })).ok).toBe(false);
    expect(await v.db.journal.count()).toBe(0);
    expect(await v.db.crdtUpdates.count()).toBe(0);
  });

  it('month entries, streak, heatmap and day context', async () => {
    for (const d of ['2026-11-19', '2026-11-20', '2026-11-21'])
      await v.write('journal.createEntry', { date: d, content: 'one two' });
    await v.write('tasks.create', { title: 'Due', dueDate: '2026-11-21' });
    const month = value<{ entries: { date: string }[] }>(await v.read('journal.getMonthEntries', '2026-11'));
    expect(month.entries.map((e) => e.date)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);
    expect(value(await v.read('journal.getStreak', { today: '2026-11-22' }))).toMatchObject({
      current: 3,
      longest: 3,
    });
    expect(
      value<{ days: Record<string, number> }>(await v.read('journal.getHeatmap', 2026)).days['2026-11-20'],
    ).toBe(2);
    const ctx = value<{ tasksDue: { title: string }[] }>(await v.read('journal.getDayContext', '2026-11-21'));
    expect(ctx.tasksDue.map((t) => t.title)).toEqual(['Due']);
    // a delete goes to the Trash (its body kept, tests/unit/trash/journalTrash.test.ts); delete forever drops the body
    value(await v.write('journal.deleteEntry', '2026-11-21'));
    expect(await v.items.journal.purge(['2026-11-21'])).toEqual(['2026-11-21']);
    expect(await v.db.crdtUpdates.where('docId').equals('j2026-11-21').count()).toBe(0);
  });
});
