import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { monthsBetween } from '../../../../src/worker/tools/journal/monthsBetween';
import { openPlanningVault, type PlanningVault } from '../fixtures/planningVault';

const agent = { kind: 'agent' as const, surface: 'mcp' as const };
const ui = { caller: { kind: 'ui' as const }, approve: async () => 'once' as const };

describe('journal and inbox tools over the real planning operations', () => {
  let v: PlanningVault;
  const call = (name: string, args: unknown) => v.host.callTool(name, args, agent);
  const json = async (name: string, args: unknown) => {
    const r = await call(name, args);
    if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.error)}`);
    return r.value.json as never;
  };

  beforeEach(async () => {
    v = await openPlanningVault();
  });
  afterEach(() => v.close());

  it('vault_get_journal_entry returns the entry of a date, or null', async () => {
    expect(await json('vault_get_journal_entry', { date: '2026-03-14' })).toBeNull();
    expect(
      await v.registry.write('journal.createEntry', [{ date: '2026-03-14', content: 'Pi day' }], ui),
    ).toMatchObject({ ok: true });
    expect(await json('vault_get_journal_entry', { date: '2026-03-14' })).toMatchObject({
      date: '2026-03-14',
      content_markdown: 'Pi day',
      sources: [{ kind: 'journal', id: '2026-03-14', title: 'Journal 2026-03-14' }],
    });
  });

  it('vault_list_journal_entries lists an inclusive range across months and years', async () => {
    for (const date of ['2025-12-31', '2026-01-01', '2026-02-15', '2026-03-01']) {
      await v.registry.write('journal.createEntry', [{ date, content: date }], ui);
    }
    const listed = (await json('vault_list_journal_entries', { from: '2025-12-31', to: '2026-02-15' })) as {
      date: string;
    }[];
    expect(listed.map((e) => e.date)).toEqual(['2025-12-31', '2026-01-01', '2026-02-15']);
    expect(Object.keys(listed[0]!).sort()).toEqual(['date', 'id', 'title']);
    expect(await call('vault_list_journal_entries', { from: '2026-02-01', to: '2026-01-01' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'to' },
    });
    expect(await call('vault_list_journal_entries', { from: '1900-01-01', to: '2026-01-01' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', field: 'to', expected: 'within 100 years of from' },
    });
  });

  it('monthsBetween crosses year ends', () => {
    expect(monthsBetween('2025-11-30', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-02-01', '2026-01-01')).toEqual([]);
  });

  it('vault_list_inbox_items lists unread first, and only unread when asked', async () => {
    const ids: string[] = [];
    for (const text of ['first', 'second', 'third']) {
      const r = await v.registry.write('inbox.captureText', [{ text }], ui);
      ids.push(
        (r.ok ? (r.value as { id?: string; item?: { id: string } }) : {}).id ??
          (r.ok ? (r.value as { item: { id: string } }).item.id : ''),
      );
    }
    await v.registry.write('inbox.markViewed', [ids[2]!], ui);
    const all = (await json('vault_list_inbox_items', {})) as { id: string; title: string }[];
    expect(all).toHaveLength(3);
    expect(all[2]?.id).toBe(ids[2]);
    expect(Object.keys(all[0]!).sort()).toEqual([
      'captured_at',
      'href',
      'id',
      'snippet',
      'source',
      'source_ref',
      'title',
      'type',
    ]);
    const unread = (await json('vault_list_inbox_items', { unread_only: true })) as { id: string }[];
    expect(unread.map((e) => e.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect(await json('vault_get_inbox_item', { id: ids[0] })).toMatchObject({
      id: ids[0],
      type: 'text',
      content: 'first',
    });
    expect(await call('vault_get_inbox_item', { id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });
});
