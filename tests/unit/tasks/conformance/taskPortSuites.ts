import { describe, expect, it } from 'vitest';
import type { TaskReadPort } from '../../../../src/worker/domain/tasks/ports';
import type { ProjectRecord, StatusRecord, TaskRecord } from '../../../../src/worker/domain/tasks/types';
import { type TaskQueryPort, TaskState } from '../../../../src/worker/domain/tasks/views/queryPort';

/**
 * Conformance suites for the two storage ports of the tasks domain. Every implementation (the
 * in-memory one here, the Dexie one in the worker) runs the same suite, so the views and edits
 * behave the same on each. `seed` receives the records to hold and returns the port.
 */
export interface Seed {
  readonly tasks: readonly TaskRecord[];
  readonly projects: readonly ProjectRecord[];
  readonly statuses: readonly StatusRecord[];
}

const T0 = '2026-11-21T10:00:00.000Z';

export function task(id: string, over: Partial<TaskRecord> = {}): TaskRecord {
  return {
    id,
    projectId: 'p1',
    statusId: 's-todo',
    parentId: null,
    title: id,
    description: null,
    priority: 0,
    position: 0,
    dueDate: null,
    dueTime: null,
    startDate: null,
    repeatConfig: null,
    repeatFrom: null,
    sourceNoteId: null,
    completedAt: null,
    archivedAt: null,
    syncedAt: null,
    tags: [],
    createdAt: T0,
    modifiedAt: T0,
    clock: { d: 1 },
    fieldClocks: {},
    ...over,
  };
}

function project(id: string): ProjectRecord {
  return {
    id,
    name: id,
    description: null,
    color: '#000000',
    icon: null,
    position: 0,
    isInbox: false,
    homeNoteId: null,
    archivedAt: null,
    syncedAt: null,
    createdAt: T0,
    modifiedAt: T0,
    clock: { d: 1 },
    fieldClocks: {},
  };
}

export function status(id: string, projectId: string, isDone = false): StatusRecord {
  return {
    id,
    projectId,
    name: id,
    color: '#000000',
    position: 0,
    isDefault: !isDone,
    isDone,
    createdAt: T0,
    modifiedAt: T0,
    clock: { d: 1 },
  };
}

/** A small vault that exercises every key of every index the ports use. */
export function conformanceSeed(): Seed {
  const done = '2026-11-20T00:00:00.000Z';
  return {
    projects: [project('p1'), project('p2')],
    statuses: [status('s-todo', 'p1'), status('s-done', 'p1', true), status('s2', 'p2')],
    tasks: [
      task('a', { position: 2048, dueDate: '2026-11-21' }),
      task('b', { position: 1024, dueDate: '2026-11-20' }),
      task('c', { position: 0, dueDate: '2026-11-21', statusId: null }),
      task('d', { position: 3072, dueDate: '2026-11-19', completedAt: done, statusId: 's-done' }),
      task('e', { position: 4096, dueDate: '2026-11-21', archivedAt: done }),
      task('a1', { parentId: 'a', position: 0, dueDate: '2026-11-30' }),
      task('a2', { parentId: 'a', position: 1024, completedAt: done, statusId: 's-done' }),
      task('a3', { parentId: 'a', position: 2048, archivedAt: done }),
      task('x', { projectId: 'p2', statusId: 's2', position: 0, dueDate: '2026-12-01' }),
    ],
  };
}

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);
const all = { offset: 0, limit: 100 };

export function describeTaskQueryPort(name: string, make: (seed: Seed) => Promise<TaskQueryPort>): void {
  describe(`TaskQueryPort conformance: ${name}`, () => {
    it('openByDue: open tasks only, by dueDate then id, bounds inclusive or open-ended, paged', async () => {
      const port = await make(conformanceSeed());
      expect(ids(await port.openByDue('2026-11-21', '2026-11-21', all))).toEqual(['a', 'c']);
      expect(ids(await port.openByDue(null, '2026-11-21', all))).toEqual(['b', 'a', 'c']);
      expect(ids(await port.openByDue('2026-11-22', null, all))).toEqual(['a1', 'x']);
      expect(ids(await port.openByDue(null, null, { offset: 1, limit: 2 }))).toEqual(['a', 'c']);
      expect(await port.countOpenByDue(null, null)).toBe(5);
      expect(await port.countOpenByDue('2026-11-21', '2026-11-21')).toBe(2);
    });

    it('listByParent: one list by position then id; completed only when asked; never archived', async () => {
      const port = await make(conformanceSeed());
      expect(ids(await port.listByParent('p1', null, false, all))).toEqual(['c', 'b', 'a']);
      expect(ids(await port.listByParent('p1', null, true, all))).toEqual(['c', 'b', 'a', 'd']);
      expect(ids(await port.listByParent('p1', 'a', true, all))).toEqual(['a1', 'a2']);
      expect(ids(await port.listByParent('p1', null, true, { offset: 1, limit: 2 }))).toEqual(['b', 'a']);
      expect(ids(await port.listByParent('p2', null, false, all))).toEqual(['x']);
    });

    it('listByStatus / countByStatus: live top-level tasks of one status; null = no status; completed only when asked', async () => {
      const port = await make(conformanceSeed());
      expect(ids(await port.listByStatus('p1', 's-todo', true, all))).toEqual(['b', 'a']);
      expect(ids(await port.listByStatus('p1', null, true, all))).toEqual(['c']);
      expect(ids(await port.listByStatus('p1', 's-done', true, all))).toEqual(['d']);
      expect(ids(await port.listByStatus('p1', 's-done', false, all))).toEqual([]);
      expect(ids(await port.listByStatus('p1', 's-todo', false, { offset: 1, limit: 5 }))).toEqual(['a']);
      expect(await port.countByStatus('p1', 's-todo')).toEqual({ open: 2, completed: 0 });
      expect(await port.countByStatus('p1', null)).toEqual({ open: 1, completed: 0 });
      expect(await port.countByStatus('p1', 's-done')).toEqual({ open: 0, completed: 1 });
      expect(await port.countByStatus('p2', 's-todo')).toEqual({ open: 0, completed: 0 });
    });

    it('listByStatus with completed: open and completed ones merged by position then id, paged', async () => {
      const seed = conformanceSeed();
      const done = '2026-11-20T00:00:00.000Z';
      const port = await make({
        ...seed,
        tasks: [
          ...seed.tasks,
          task('f', { position: 1536, completedAt: done }),
          task('g', { position: 2048, completedAt: done }),
          task('h', { position: 512, completedAt: done, archivedAt: done }),
        ],
      });
      expect(ids(await port.listByStatus('p1', 's-todo', true, all))).toEqual(['b', 'f', 'a', 'g']);
      expect(ids(await port.listByStatus('p1', 's-todo', true, { offset: 1, limit: 2 }))).toEqual(['f', 'a']);
      expect(ids(await port.listByStatus('p1', 's-todo', true, { offset: 3, limit: 2 }))).toEqual(['g']);
      expect(ids(await port.listByStatus('p1', 's-todo', false, all))).toEqual(['b', 'a']);
      expect(await port.countByStatus('p1', 's-todo')).toEqual({ open: 2, completed: 2 });
    });

    it('subtaskCounts: live subtasks and completed ones, per asked parent only', async () => {
      const port = await make(conformanceSeed());
      const counts = await port.subtaskCounts(['a', 'b']);
      expect(counts.get('a')).toEqual({ total: 2, completed: 1 });
      expect(counts.get('b')).toBeUndefined();
      expect((await port.subtaskCounts([])).size).toBe(0);
    });

    it('countByState: per state, all projects or one', async () => {
      const port = await make(conformanceSeed());
      expect(await port.countByState(TaskState.open, null)).toBe(5);
      expect(await port.countByState(TaskState.completed, null)).toBe(2);
      expect(await port.countByState(TaskState.archived, null)).toBe(2);
      expect(await port.countByState(TaskState.open, 'p2')).toBe(1);
    });
  });
}

export function describeTaskReadPort(name: string, make: (seed: Seed) => Promise<TaskReadPort>): void {
  describe(`TaskReadPort conformance: ${name}`, () => {
    it('point lookups return the record or null', async () => {
      const port = await make(conformanceSeed());
      expect((await port.getTask('a'))?.title).toBe('a');
      expect(await port.getTask('nope')).toBeNull();
      expect((await port.getProject('p2'))?.id).toBe('p2');
      expect(await port.getProject('nope')).toBeNull();
      expect((await port.getStatus('s2'))?.projectId).toBe('p2');
      expect(await port.getStatus('nope')).toBeNull();
    });

    it('lists by project, parent, status', async () => {
      const port = await make(conformanceSeed());
      expect(ids(await port.listStatuses('p1')).sort()).toEqual(['s-done', 's-todo']);
      expect(ids(await port.listSubtasks('a')).sort()).toEqual(['a1', 'a2', 'a3']);
      expect([...(await port.listTaskIdsByProject('p2'))]).toEqual(['x']);
      expect([...(await port.listTaskIdsByStatus('s-done'))].sort()).toEqual(['a2', 'd']);
      expect(ids(await port.listProjects()).sort()).toEqual(['p1', 'p2']);
    });

    it('maxTaskPosition: the largest position in one list (archived and completed included), null when empty', async () => {
      const port = await make(conformanceSeed());
      expect(await port.maxTaskPosition('p1', null)).toBe(4096);
      expect(await port.maxTaskPosition('p1', 'a')).toBe(2048);
      expect(await port.maxTaskPosition('p1', 'b')).toBeNull();
      expect(await port.maxTaskPosition('p3', null)).toBeNull();
    });
  });
}
