import type { Status } from '../../../worker/domain/tasks/projects/projectView';
import type { StatusRecord, TaskRecord } from '../../../worker/domain/tasks/types';
import type { TaskCard } from '../../../worker/planning/tasks/taskCard';

/** Reply shapes of the tasks operations, as the UI reads them. */
export type { Status, StatusRecord, TaskCard, TaskRecord };

export interface DueReply {
  today: string;
  tasks: TaskCard[];
}

export interface UpcomingReply {
  today: string;
  days: { date: string; tasks: TaskCard[] }[];
}

export interface ProjectEntry {
  id: string;
  name: string;
  status: string;
  task_count: number;
  icon: string | null;
}

export interface BoardReply {
  project: { id: string; name: string; color: string; statuses: Status[] };
  /** whether completed tasks are listed (the call's choice, else the task setting showCompleted) */
  includeCompleted: boolean;
  columns: { status: StatusRecord; total: number; hiddenCompleted: number; tasks: TaskCard[] }[];
}

export interface TaskWriteReply {
  task: TaskRecord | null;
  created: TaskRecord[];
}

export const PRIORITY_LABELS = ['None', 'Low', 'Medium', 'High', 'Urgent'] as const;

/** The tables whose changes can alter a task view. */
export const TASK_TABLES = ['tasks', 'projects', 'statuses'] as const;
