import { isTrashedTask } from '../trash/taskTrash';
import type { FilterConditions } from './savedFilter';

/** What a task filter looks at. */
export interface FilterableTask {
  trashedAt?: string | null;
  title: string;
  tags: readonly string[];
  projectId: string;
  priority: number;
  dueDate: string | null;
  completedAt: string | null;
  archivedAt: string | null;
}

export interface FilterableNote {
  title: string;
  tags: readonly string[];
  folderPath: string;
}

const hasTags = (have: readonly string[], want: readonly string[] | undefined) => {
  if (!want || want.length === 0) return true;
  const lower = new Set(have.map((t) => t.toLowerCase()));
  return want.every((t) => lower.has(t.toLowerCase()));
};

const hasText = (title: string, text: string | undefined) =>
  text === undefined || title.toLowerCase().includes(text.toLowerCase());

/** YYYY-MM-DD `days` after `date` (calendar arithmetic in UTC, so no DST step). */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Whether `task` meets every condition of `f`, `today` being the user's local date. Archived
 * tasks never match; `status` defaults to open. "thisWeek": due from today to six days on.
 */
export function matchesTask(task: FilterableTask, f: FilterConditions, today: string): boolean {
  if (task.archivedAt !== null || isTrashedTask(task)) return false;
  const status = f.status ?? 'open';
  if (status === 'open' && task.completedAt !== null) return false;
  if (status === 'completed' && task.completedAt === null) return false;
  if (f.projectId !== undefined && task.projectId !== f.projectId) return false;
  if (f.priorityAtLeast !== undefined && task.priority < f.priorityAtLeast) return false;
  if (f.dueBefore !== undefined && (task.dueDate === null || task.dueDate >= f.dueBefore)) return false;
  const due = task.dueDate;
  switch (f.due) {
    case 'overdue':
      if (due === null || due >= today) return false;
      break;
    case 'today':
      if (due !== today) return false;
      break;
    case 'thisWeek':
      if (due === null || due < today || due > addDays(today, 6)) return false;
      break;
    case 'dated':
      if (due === null) return false;
      break;
    case 'undated':
      if (due !== null) return false;
      break;
  }
  return hasTags(task.tags, f.tags) && hasText(task.title, f.text);
}

/** Whether `note` meets the note conditions of `f` (text, tags, folder and below). */
export function matchesNote(note: FilterableNote, f: FilterConditions): boolean {
  if (f.folder !== undefined && f.folder !== '') {
    const folder = f.folder.replace(/^\/+|\/+$/g, '');
    if (note.folderPath !== folder && !note.folderPath.startsWith(`${folder}/`)) return false;
  }
  return hasTags(note.tags, f.tags) && hasText(note.title, f.text);
}
