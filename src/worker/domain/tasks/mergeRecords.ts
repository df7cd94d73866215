import { type MergeOutcome, mergeFieldwise, remoteWins } from '../clock/mergeRecords';
import { merge } from '../clock/vectorClock';
import {
  LOCAL_ONLY_FIELDS,
  PROJECT_SYNC_FIELDS,
  type ProjectSyncField,
  TASK_SYNC_FIELDS,
  type TaskSyncField,
} from './syncFields';
import type { ProjectRecord, StatusRecord, TaskRecord } from './types';

/**
 * Sync merges of the tasks domain (sync spec 2.3), pure and deterministic. Tasks and projects
 * merge field by field (each syncable field: larger tick sum wins, tie → remote); `syncedAt`
 * stays local; `createdAt` takes the earlier and `modifiedAt` the later value; identity and
 * write-once fields (`sourceNoteId`) follow the record clocks. Statuses merge whole.
 */
export function mergeTask(local: TaskRecord, remote: TaskRecord): MergeOutcome<TaskRecord, TaskSyncField> {
  const out = mergeFieldwise(local, remote, TASK_SYNC_FIELDS, { localOnly: LOCAL_ONLY_FIELDS });
  const merged: TaskRecord = {
    ...out.merged,
    sourceNoteId: out.merged.sourceNoteId ?? local.sourceNoteId ?? remote.sourceNoteId,
    ...times(local, remote),
  };
  return { ...out, merged };
}

export function mergeProject(
  local: ProjectRecord,
  remote: ProjectRecord,
): MergeOutcome<ProjectRecord, ProjectSyncField> {
  const out = mergeFieldwise(local, remote, PROJECT_SYNC_FIELDS, { localOnly: LOCAL_ONLY_FIELDS });
  return { ...out, merged: { ...out.merged, ...times(local, remote) } };
}

/** Statuses have no field clocks: the whole record of the larger tick sum wins (tie → remote). */
export function mergeStatus(local: StatusRecord, remote: StatusRecord): StatusRecord {
  const winner = remoteWins(local.clock, remote.clock) ? remote : local;
  return { ...winner, clock: merge(local.clock, remote.clock) };
}

/** ISO UTC timestamps sort as text: the earlier creation and the later modification win. */
function times(a: { createdAt: string; modifiedAt: string }, b: { createdAt: string; modifiedAt: string }) {
  const created = [a.createdAt, b.createdAt].sort();
  const modified = [a.modifiedAt, b.modifiedAt].sort();
  return { createdAt: created[0]!, modifiedAt: modified[1]! };
}
