import type { TaskRow } from '../../db/planningTables';
import type { TaskRecord } from '../../domain/tasks/types';
import { taskIndexKeys } from '../../domain/tasks/views/queryPort';

/** The stored row of a task: the record plus its derived index keys, recomputed on every write. */
export function toTaskRow(task: TaskRecord): TaskRow {
  return { ...task, ...taskIndexKeys(task) };
}

/** The task record of a row: the index keys are storage detail and never leave the store. */
export function fromTaskRow(row: TaskRow): TaskRecord {
  const { state: _s, parentKey: _p, statusKey: _k, ...task } = row;
  return task;
}
