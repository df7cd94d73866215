import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { taskIdsInText } from '../../../src/worker/domain/tasks/links/taskIdsInText';
import { createRegistry } from '../../../src/worker/ops/registry';
import { calendarOperations } from '../../../src/worker/planning/calendar/calendarOperations';
import { value } from './harness';
import { useNoteTaskVault } from './noteTaskVault';

const vault = useNoteTaskVault();
type Linked = {
  tasks: { id: string; via: string[] }[];
  total: number;
  hasMore: boolean;
  missingTaskIds: string[];
};

describe('taskIdsInText', () => {
  it('finds svc:// hrefs and app routes, decoded and unique, and skips code', () => {
    const text = [
      'Do [it](svc://task/a1) and [again](svc://task/a1)',
      'see [route](#/tasks/task/b%202)',
      '`svc://task/incode` and',
      '```',
      'svc://task/fenced',
      '```',
      'bad [x](svc://task/%E0%A4%A)',
    ].join('\n');
    expect(taskIdsInText(text)).toEqual(['a1', 'b 2']);
    expect(taskIdsInText('no links here')).toEqual([]);
  });
});

describe('task links (linkedNoteIds, linkedCanvasIds, getLinkedTasks, listForItem)', () => {
  it('derives linkedNoteIds from the notes that link to the task and follows body edits', async () => {
    const t = await vault.task('Ship');
    const other = await vault.task('Other');
    const a = await vault.note('Plan', `- ship ([task](svc://task/${t.id}))`);
    const b = await vault.note('Log', `[open](#/tasks/task/${t.id}) and [other](svc://task/${other.id})`);
    let full = value<{ linkedNoteIds: string[] }>(await vault.v.read('tasks.get', t.id));
    expect(full.linkedNoteIds.sort()).toEqual([a.id, b.id].sort());
    const res = await vault.notes.updateBody(a.id, 'no more link');
    expect(res.ok).toBe(true);
    full = value(await vault.v.read('tasks.get', t.id));
    expect(full.linkedNoteIds).toEqual([b.id]);
    const linked = value<Linked>(await vault.v.read('tasks.getLinkedTasks', b.id));
    expect(linked.tasks.map((x) => [x.id, x.via])).toEqual([
      [t.id, ['link']],
      [other.id, ['link']],
    ]);
    expect(linked.total).toBe(2);
  });

  it('counts the note a task was made from, and lists a deleted task as missing', async () => {
    const n = await vault.note('Source', 'text');
    const t = await vault.task('From note', { sourceNoteId: n.id });
    const gone = await vault.task('Gone');
    await vault.notes.updateBody(n.id, `[gone](svc://task/${gone.id})`);
    await vault.v.write('tasks.delete', gone.id);
    const full = value<{ linkedNoteIds: string[] }>(await vault.v.read('tasks.get', t.id));
    expect(full.linkedNoteIds).toEqual([n.id]);
    const linked = value<Linked>(await vault.v.read('tasks.listForItem', 'note', n.id));
    expect(linked.tasks.map((x) => [x.id, x.via])).toEqual([[t.id, ['source']]]);
    expect(linked.missingTaskIds).toEqual([gone.id]);
  });

  it('derives linkedCanvasIds from cards and lists a canvas’s tasks in scene order', async () => {
    const t1 = await vault.task('One');
    const t2 = await vault.task('Two');
    const c = value<{ id: string }>(await vault.v.write('canvas.create', { title: 'Board' }));
    const card = (id: string, entity: string, type = 'task') => ({
      id,
      type: 'card',
      x: 0,
      y: 0,
      width: 100,
      height: 60,
      entity_type: type,
      entity_id: entity,
    });
    value(
      await vault.v.write('canvas.saveScene', c.id, [
        card('e1', t2.id),
        card('e2', t1.id),
        card('e3', 'n9', 'note'),
      ]),
    );
    const full = value<{ linkedCanvasIds: string[] }>(await vault.v.read('tasks.get', t1.id));
    expect(full.linkedCanvasIds).toEqual([c.id]);
    const listed = value<Linked>(await vault.v.read('tasks.listForItem', 'canvas', c.id, { limit: 1 }));
    expect(listed.tasks.map((x) => [x.id, x.via])).toEqual([[t2.id, ['card']]]);
    expect(listed).toMatchObject({ total: 2, hasMore: true });
    value(await vault.v.write('canvas.saveScene', c.id, []));
    expect(
      value<{ linkedCanvasIds: string[] }>(await vault.v.read('tasks.get', t1.id)).linkedCanvasIds,
    ).toEqual([]);
  });

  it('lists the tasks an event’s description and its note link to', async () => {
    const t1 = await vault.task('One');
    const t2 = await vault.task('Two');
    const n = await vault.note('Meeting notes', `[x](svc://task/${t2.id})`);
    const calendar = createRegistry(calendarOperations(vault.v.services));
    const ev = value<{ id: string }>(
      await calendar.write(
        'calendar.createEvent',
        [
          {
            title: 'Meeting',
            startAt: '2026-11-22T10:00:00Z',
            description: `agenda: [one](svc://task/${t1.id})`,
            noteId: n.id,
          },
        ],
        { caller: { kind: 'ui' }, approve: async () => 'once' },
      ),
    );
    const listed = value<Linked>(await vault.v.read('tasks.listForItem', 'event', ev.id));
    expect(listed.tasks.map((x) => x.id)).toEqual([t1.id, t2.id]);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [string, unknown[], string][] = [
      ['tasks.getLinkedTasks', [], 'args'],
      ['tasks.getLinkedTasks', [''], 'args[0]'],
      ['tasks.getLinkedTasks', ['nope'], 'noteId'],
      ['tasks.getLinkedTasks', ['x', { limit: 0 }], 'args[1].limit'],
      ['tasks.listForItem', ['folder', 'x'], 'args[0]'],
      ['tasks.listForItem', ['canvas', 'nope'], 'itemId'],
      ['tasks.listForItem', ['event', 'nope'], 'itemId'],
      ['tasks.listForItem', ['note', 'x', { extra: 1 }], 'args[2]'],
    ];
    for (const [op, args, field] of cases) {
      const res = await vault.v.registry.read(op, args, { caller: { kind: 'ui' } });
      expect(res.ok, `${op} ${JSON.stringify(args)}`).toBe(false);
      if (!res.ok) expect(res.error.field, `${op} ${JSON.stringify(args)}`).toContain(field);
    }
  });
});
