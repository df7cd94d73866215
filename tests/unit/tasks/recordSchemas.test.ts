import { describe, expect, it } from 'vitest';
import { createTask } from '../../../src/worker/domain/tasks/createTask';
import {
  parseProjectRecord,
  parseStatusRecord,
  parseTaskRecord,
  toSyncPayload,
} from '../../../src/worker/domain/tasks/recordSchemas';
import { MemoryVault } from './memoryVault';

describe('records from a sync pull or an import', () => {
  it('a task round-trips through its payload; syncedAt is never taken from it', async () => {
    const v = await MemoryVault.withInbox();
    const t = v.must(
      await createTask(v.ctx, {
        title: 'x',
        dueDate: '2026-11-21',
        repeatConfig: { frequency: 'daily', interval: 1 },
      }),
    ).tasks[0]!;
    const payload = JSON.parse(JSON.stringify(toSyncPayload({ ...t, syncedAt: 'local' })));
    expect('syncedAt' in payload).toBe(false);
    const parsed = parseTaskRecord({ ...payload, syncedAt: 'forged' });
    expect(parsed.ok && parsed.value).toEqual({ ...t, syncedAt: null });
  });

  it('keeps fields of newer clients', async () => {
    const v = await MemoryVault.withInbox();
    const t = v.must(await createTask(v.ctx, { title: 'x' })).tasks[0]!;
    const parsed = parseTaskRecord({ ...toSyncPayload(t), futureField: 42 });
    expect(parsed.ok && (parsed.value as unknown as { futureField: number }).futureField).toBe(42);
  });

  it('refuses broken payloads as values, naming the field', async () => {
    const v = await MemoryVault.withInbox();
    const t = toSyncPayload(v.must(await createTask(v.ctx, { title: 'x' })).tasks[0]!);
    const cases: [unknown, string][] = [
      [{ ...t, priority: 9 }, 'priority'],
      [{ ...t, clock: { a: -1 } }, 'clock.a'],
      [{ ...t, fieldClocks: { title: { a: 1.5 } } }, 'fieldClocks.title.a'],
      [{ ...t, dueTime: '25:00' }, 'dueTime'],
      [{ ...t, title: undefined }, 'title'],
      ['not an object', 'record'],
    ];
    for (const [value, field] of cases) {
      const r = parseTaskRecord(value);
      expect(!r.ok && r.error.code).toBe('VALIDATION');
      expect(!r.ok && r.error.field).toBe(field);
    }
  });

  it('projects and statuses parse too', async () => {
    const v = await MemoryVault.withInbox();
    const inbox = v.projects.get('inbox')!;
    expect(parseProjectRecord(toSyncPayload(inbox)).ok).toBe(true);
    expect(parseProjectRecord({ ...inbox, isInbox: 'yes' }).ok).toBe(false);
    const status = v.statuses.get('inbox-todo')!;
    const parsed = parseStatusRecord(status);
    expect(parsed.ok && parsed.value).toEqual(status);
    expect(parseStatusRecord({ ...status, clock: null }).ok).toBe(false);
  });
});
