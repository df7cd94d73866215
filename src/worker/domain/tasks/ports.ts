import type { ProjectRecord, StatusRecord, TaskRecord } from './types';

/** What every tasks edit needs from the outside world; injected, never imported. */
export interface TaskDeps {
  /** a fresh, globally unique record id */
  newId(): string;
  /** epoch milliseconds */
  now(): number;
  /** this install's device id: the key every local edit ticks in the clocks */
  readonly deviceId: string;
  /** IANA time zone of the user, e.g. `Europe/Berlin`: turns a completion instant into a date */
  readonly timeZone: string;
}

/**
 * Point lookups the edit functions make. Implementations read one consistent snapshot (the worker
 * runs the edit and writes its change set in one IndexedDB transaction). Missing rows are `null`.
 */
export interface TaskReadPort {
  getTask(id: string): Promise<TaskRecord | null>;
  getProject(id: string): Promise<ProjectRecord | null>;
  getStatus(id: string): Promise<StatusRecord | null>;
  /** every status of a project, any order */
  listStatuses(projectId: string): Promise<readonly StatusRecord[]>;
  /** direct children of a task (index `parentId`), any order */
  listSubtasks(parentId: string): Promise<readonly TaskRecord[]>;
  /** the largest `position` among tasks of the project with this parent, or null if none (index `[projectId+parentKey+position]`) */
  maxTaskPosition(projectId: string, parentId: string | null): Promise<number | null>;
  /** ids of all tasks of a project, archived and completed included (index `projectId`) */
  listTaskIdsByProject(projectId: string): Promise<readonly string[]>;
  /** ids of tasks whose status is `statusId` (index `statusId`) */
  listTaskIdsByStatus(statusId: string): Promise<readonly string[]>;
  /** every project, any order (projects are few) */
  listProjects(): Promise<readonly ProjectRecord[]>;
}

export interface TaskContext {
  readonly deps: TaskDeps;
  readonly read: TaskReadPort;
}
