import { advanceClocks, initialClocks } from '../../clock/fieldClocks';
import { jsonEqual } from '../../clock/jsonEqual';
import { tick } from '../../clock/vectorClock';
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
  const current = project as unknown as Record<string, unknown>;
  const changed = Object.entries(changes)
    .filter(
      ([key, value]) =>
        value !== undefined && key !== 'clock' && key !== 'fieldClocks' && !jsonEqual(current[key], value),
    )
    .map(([key]) => key);
  if (changed.length === 0) return project;
  const next = { ...current };
  for (const key of changed) next[key] = (changes as Record<string, unknown>)[key];
  return {
    ...(next as unknown as ProjectRecord),
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
  const current = status as unknown as Record<string, unknown>;
  const changed = Object.entries(changes).filter(
    ([key, value]) => value !== undefined && key !== 'clock' && !jsonEqual(current[key], value),
  );
  if (changed.length === 0) return status;
  return {
    ...status,
    ...Object.fromEntries(changed),
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
