import { advanceClocks, initialClocks } from '../../clock/fieldClocks';
import { tick } from '../../clock/vectorClock';
import { changedKeys, withChanges } from '../changedKeys';
import type { TaskDeps } from '../ports';
import { PROJECT_SYNC_FIELDS } from '../syncFields';
import { timestamp } from '../taskEdit';
import type { ProjectRecord, StatusRecord } from '../types';

export const DEFAULT_PROJECT_COLOR = '#6B7280';

type Changes<R> = { -readonly [K in keyof R]?: R[K] };

/** One local edit of a project; a no-op returns the same object and ticks nothing. */
export function editProject(
  project: ProjectRecord,
  changes: Changes<ProjectRecord>,
  deps: TaskDeps,
): ProjectRecord {
  const changed = changedKeys(project, changes);
  if (changed.length === 0) return project;
  return {
    ...withChanges(project, changes, changed),
    ...advanceClocks(project, changed, PROJECT_SYNC_FIELDS, deps.deviceId),
    modifiedAt: timestamp(deps.now()),
  };
}

/** One local edit of a status: statuses sync whole, so only the record clock ticks. */
export function editStatus(
  status: StatusRecord,
  changes: Changes<StatusRecord>,
  deps: TaskDeps,
): StatusRecord {
  const changed = changedKeys(status, changes);
  if (changed.length === 0) return status;
  return {
    ...withChanges(status, changes, changed),
    clock: tick(status.clock, deps.deviceId),
    modifiedAt: timestamp(deps.now()),
  };
}

export function newProjectRecord(
  fields: Omit<ProjectRecord, 'clock' | 'fieldClocks' | 'createdAt' | 'modifiedAt' | 'syncedAt'>,
  deps: TaskDeps,
): ProjectRecord {
  const now = timestamp(deps.now());
  return {
    ...fields,
    syncedAt: null,
    createdAt: now,
    modifiedAt: now,
    ...initialClocks(PROJECT_SYNC_FIELDS, deps.deviceId),
  };
}
