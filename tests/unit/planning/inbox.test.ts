import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestVault, value } from './harness';

type Entry = { id: string; title: string; bucket: string };
let v: Awaited<ReturnType<typeof openTestVault>>;
beforeEach(async () => {
  v = await openTestVault();
});
afterEach(() => v.close());

const capture = async (text: string) =>
  value<{ id: string }>(await v.write('inbox.captureText', { text })).id;
const listed = async () => value<{ items: Entry[] }>(await v.read('inbox.list')).items.map((i) => i.title);

describe('inbox operations', () => {
  it('captures text and links, newest first, with titles from the first line or the URL', async () => {
    await capture('Call Anna\nabout the lease');
    value(await v.write('inbox.captureLink', { url: 'https://example.com/post/1' }));
    expect(await listed()).toEqual(['example.com/post/1', 'Call Anna']);
    const bad = await v.write('inbox.captureLink', { url: 'ftp://x' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.field).toContain('url');
  });

  it('convertToTask files the item and makes the task in one transaction; undoFile reverses both', async () => {
    const id = await capture('Renew passport');
    const filed = value<{ items: { filedTo: string }[] }>(
      await v.write('inbox.convertToTask', id, { dueDate: '2026-11-30' }),
    );
    const taskId = filed.items[0]!.filedTo.replace('task:', '');
    expect(await v.db.tasks.get(taskId)).toMatchObject({
      title: 'Renew passport',
      dueDate: '2026-11-30',
      projectId: 'inbox',
    });
    expect(await listed()).toEqual([]);
    expect((await v.write('inbox.convertToTask', id)).ok).toBe(false); // already filed: refused

    const undone = value<{ removed: string }>(await v.write('inbox.undoFile', id));
    expect(undone.removed).toBe(`task:${taskId}`);
    expect(await v.db.tasks.get(taskId)).toBeUndefined();
    expect(await listed()).toEqual(['Renew passport']);
  });

  it('a refused filing writes nothing (unknown project)', async () => {
    const id = await capture('Something');
    const tasksBefore = await v.db.tasks.count();
    const res = await v.write('inbox.file', id, { projectId: 'nope' });
    expect(res.ok).toBe(false);
    expect(await v.db.tasks.count()).toBe(tasksBefore);
    expect((await v.db.inbox.get(id))?.bucket).toBe('open');
  });

  it('convertToNote makes a note in the folder through the notes store', async () => {
    const id = await capture('Idea: a garden shed\nwith a green roof');
    const filed = value<{ items: { filedTo: string }[] }>(
      await v.write('inbox.convertToNote', id, { folder: 'Ideas' }),
    );
    const noteId = filed.items[0]!.filedTo.replace('note:', '');
    expect(await v.db.notes.get(noteId)).toMatchObject({ folderPath: 'Ideas' });
    expect((await v.db.bodies.get(noteId))?.markdown).toContain('green roof');
  });

  it('snooze needs a future time; archive and undoArchive; stale threshold is validated', async () => {
    const id = await capture('Later');
    expect((await v.write('inbox.snooze', id, { until: '2020-01-01' })).ok).toBe(false);
    value(await v.write('inbox.snooze', id, { until: '2026-12-01T09:00:00Z', reason: 'after the trip' }));
    expect(await listed()).toEqual([]);
    v.clock.ms = Date.parse('2026-12-02T00:00:00Z');
    expect(await listed()).toEqual(['Later']); // its time came
    value(await v.write('inbox.archive', id));
    expect(value<{ archived: number }>(await v.read('inbox.getStats')).archived).toBe(1);
    value(await v.write('inbox.undoArchive', id));
    expect((await v.db.inbox.get(id))?.bucket).toBe('open');
    expect((await v.write('inbox.setStaleThreshold', 0)).ok).toBe(false);
    value(await v.write('inbox.setStaleThreshold', 3));
    expect(value<{ stale: number }>(await v.read('inbox.getStats')).stale).toBe(1);
  });
});

describe('note titles from captures', async () => {
  const { noteTitleOf } = await import('../../../src/worker/domain/inbox/noteTitle');
  it('replaces what a note title refuses', () => {
    expect(noteTitleOf('Idea: a [[shed]] / #roof?')).toBe('Idea a shed roof');
    expect(noteTitleOf('...hidden')).toBe('hidden');
    expect(noteTitleOf('::')).toBe('Inbox capture');
    expect([...noteTitleOf('x'.repeat(300))]).toHaveLength(200);
  });
});
