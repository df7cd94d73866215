import { advanceClocks } from '../clock/fieldClocks';
import { changedKeys, withChanges } from './changedKeys';
import type { TaskDeps } from './ports';
import { TASK_SYNC_FIELDS } from './syncFields';
import type { TaskRecord } from './types';

export type TaskChanges = { -readonly [K in keyof TaskRecord]?: TaskRecord[K] };

export const POSITION_STEP = 1024;

/** Epoch milliseconds as the ISO 8601 UTC timestamp every record stores. */
export function timestamp(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * Apply `changes` to `task` as one local edit: only fields whose value really differs count, the
 * record clock and each changed syncable field's clock tick once under this device, and
 * `modifiedAt` moves. No real change returns the same object, so a no-op edit never ticks a clock
 * and never reaches the outbox.
 */
export function editTask(task: TaskRecord, changes: TaskChanges, deps: TaskDeps): TaskRecord {
  const changed = changedKeys(task, changes);
  if (changed.length === 0) return task;
  const clocks = advanceClocks(task, changed, TASK_SYNC_FIELDS, deps.deviceId);
  return { ...withChanges(task, changes, changed), ...clocks, modifiedAt: timestamp(deps.now()) };
}

/** Normalize tags: trim, drop a leading `#`, drop empties, keep the first spelling of each (case-insensitive). */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/^#+/, '');
    const key = tag.toLowerCase();
    if (tag.length === 0 || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}
