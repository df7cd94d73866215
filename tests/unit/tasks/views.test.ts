import { beforeEach, describe, expect, it } from 'vitest';
import { archiveTask } from '../../../src/worker/domain/tasks/archiveTask';
import { completeTask } from '../../../src/worker/domain/tasks/completeTask';
import { createTask } from '../../../src/worker/domain/tasks/createTask';
import { toFullTask, toTaskListEntry } from '../../../src/worker/domain/tasks/fullTask';
import { createProject, setProjectArchived } from '../../../src/worker/domain/tasks/projects/projectOps';
import { toFullProject, toProjectListEntry } from '../../../src/worker/domain/tasks/projects/projectView';
import type { TaskCreateInput } from '../../../src/worker/domain/tasks/schemas';
import {
  getOverdue,
  getToday,
  getUpcoming,
  localToday,
} from '../../../src/worker/domain/tasks/views/dueViews';
import { getBoard, getProjectList } from '../../../src/worker/domain/tasks/views/projectViews';
import { getStats } from '../../../src/worker/domain/tasks/views/stats';
import { memoryQueryPort } from './memoryQueryPort';
import { MemoryVault } from './memoryVault';

let v: MemoryVault;
const port = () => memoryQueryPort(() => v.tasks.values());
const make = async (title: string, input: Partial<TaskCreateInput> = {}) =>
  v.must(await createTask(v.ctx, { title, ...input })).tasks[0]!;
const TODAY = '2026-11-21';

beforeEach(async () => {
  v = await MemoryVault.withInbox();
});

describe('Today, Overdue, Upcoming', () => {
  it('sort and split open tasks by due date; completed and archived tasks never show', async () => {
    await make('late', { dueDate: '2026-11-19' });
    await make('later-late', { dueDate: '2026-11-20' });
    await make('today low', { dueDate: TODAY, priority: 1 });
    await make('today high', { dueDate: TODAY, priority: 4 });
    await make('today 08:00', { dueDate: TODAY, dueTime: '08:00' });
    await make('tomorrow', { dueDate: '2026-11-22' });
    await make('in a week', { dueDate: '2026-11-28' });
    await make('in 8 days', { dueDate: '2026-11-29' });
    await make('no date');
    const done = await make('done today', { dueDate: TODAY });
    v.must(await completeTask(v.ctx, done.id));
    const gone = await make('archived today', { dueDate: TODAY });
    v.must(await archiveTask(v.ctx, gone.id));

    expect((await getToday(port(), { today: TODAY })).map((t) => t.title)).toEqual([
      'today 08:00',
      'today high',
      'today low',
    ]);
    expect((await getOverdue(port(), { today: TODAY })).map((t) => t.title)).toEqual(['late', 'later-late']);
    const upcoming = await getUpcoming(port(), { today: TODAY });
    expect(upcoming.map((d) => [d.date, d.tasks.map((t) => t.title)])).toEqual([
      ['2026-11-22', ['tomorrow']],
      ['2026-11-28', ['in a week']],
    ]);
  });

  it('tasks of archived projects are hidden, even past the first page', async () => {
    const p = v.must(await createProject(v.ctx, { name: 'Old' })).projects[0]!;
    for (let i = 0; i < 250; i++) await make(`hidden ${i}`, { projectId: p.id, dueDate: TODAY });
    await make('visible', { dueDate: TODAY });
    v.must(await setProjectArchived(v.ctx, p.id, true));
    const today = await getToday(port(), { today: TODAY, hiddenProjectIds: new Set([p.id]) });
    expect(today.map((t) => t.title)).toEqual(['visible']);
  });

  it('"today" is the user’s local date', () => {
    const ms = Date.parse('2026-11-21T23:30:00Z');
    expect(localToday(ms, 'Europe/Berlin')).toBe('2026-11-22');
    expect(localToday(ms, 'America/New_York')).toBe('2026-11-21');
  });
});

describe('project list, board and stats', () => {
  it('the list pages top-level tasks in position order with subtask counts', async () => {
    const a = await make('a');
    await make('b');
    await make('c');
    await make('a.1', { parentId: a.id });
    const a2 = await make('a.2', { parentId: a.id });
    v.must(await completeTask(v.ctx, a2.id));
    const first = await getProjectList(port(), 'inbox', { limit: 2 });
    expect(first.items.map((i) => i.task.title)).toEqual(['a', 'b']);
    expect(first.items[0]).toMatchObject({ subtaskCount: 2, completedSubtaskCount: 1 });
    expect(first.nextOffset).toBe(2);
    const second = await getProjectList(port(), 'inbox', { offset: 2, limit: 2 });
    expect(second.items.map((i) => i.task.title)).toEqual(['c']);
    expect(second.nextOffset).toBeNull();
    const subs = await getProjectList(port(), 'inbox', { parentId: a.id, includeCompleted: true });
    expect(subs.items.map((i) => i.task.title)).toEqual(['a.1', 'a.2']);
  });

  it('the board has one column per status; loose tasks sit in the default column', async () => {
    await make('todo');
    await make('doing', { statusId: 'inbox-doing' });
    const done = await make('done');
    v.must(await completeTask(v.ctx, done.id));
    const loose = await make('loose');
    v.tasks.set(loose.id, { ...loose, statusId: null });
    const board = await getBoard(port(), 'inbox', [...v.statuses.values()]);
    expect(board.map((c) => [c.status.name, c.tasks.map((t) => t.task.title), c.total])).toEqual([
      ['To do', ['todo', 'loose'], 2],
      ['In progress', ['doing'], 1],
      ['Done', ['done'], 1],
    ]);
    expect(board.every((c) => c.hiddenCompleted === 0)).toBe(true);
  });

  it('a board without completed tasks counts, per column, the completed ones it left out', async () => {
    await make('todo');
    const done = await make('done');
    v.must(await completeTask(v.ctx, done.id));
    // A completed task without a status sits in the default column: hidden and counted there.
    const loose = await make('loose done');
    v.must(await completeTask(v.ctx, loose.id));
    v.tasks.set(loose.id, { ...v.tasks.get(loose.id)!, statusId: null });
    const board = await getBoard(port(), 'inbox', [...v.statuses.values()], 100, false);
    expect(
      board.map((c) => [c.status.name, c.tasks.map((t) => t.task.title), c.total, c.hiddenCompleted]),
    ).toEqual([
      ['To do', ['todo'], 1, 1],
      ['In progress', [], 0, 0],
      ['Done', [], 0, 1],
    ]);
  });

  it('stats count states and due windows', async () => {
    await make('late', { dueDate: '2026-11-01' });
    await make('today', { dueDate: TODAY });
    await make('soon', { dueDate: '2026-11-25' });
    const d = await make('done');
    v.must(await completeTask(v.ctx, d.id));
    expect(await getStats(port(), TODAY)).toEqual({
      open: 3,
      completed: 1,
      archived: 0,
      overdue: 1,
      dueToday: 1,
      upcoming: 1,
    });
  });
});

describe('reply shapes', () => {
  it('full task and list entry of spec 2.3', async () => {
    const t = await make('shape', { dueDate: TODAY, repeatConfig: { frequency: 'daily', interval: 1 } });
    const full = toFullTask(
      t,
      { subtaskCount: 2, completedSubtaskCount: 1 },
      { linkedNoteIds: ['n1'], linkedCanvasIds: [] },
    );
    expect(full).toMatchObject({
      isRepeating: true,
      hasSubtasks: true,
      href: `svc://task/${t.id}`,
      source_ref: { kind: 'task', id: t.id, title: 'shape' },
    });
    expect(toTaskListEntry(t, 'To do')).toMatchObject({ status: 'To do', due: TODAY, project: 'inbox' });
  });

  it('project list entry and full project of spec 2.4', async () => {
    const inbox = v.projects.get('inbox')!;
    expect(toProjectListEntry(inbox, 3, { notes: 1, files: 0, events: 0 })).toMatchObject({
      id: 'inbox',
      name: 'Inbox',
      status: 'active',
      task_count: 3,
      href: 'svc://project/inbox',
    });
    expect(toFullProject(inbox, [...v.statuses.values()]).statuses.map((s) => s.name)).toEqual([
      'To do',
      'In progress',
      'Done',
    ]);
  });
});
