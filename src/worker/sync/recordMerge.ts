import { remoteWins } from '../domain/clock/mergeRecords';
import { merge, type VectorClock } from '../domain/clock/vectorClock';
import { mergeProject, mergeStatus, mergeTask } from '../domain/tasks/mergeRecords';
import { parseProjectRecord, parseStatusRecord, parseTaskRecord } from '../domain/tasks/recordSchemas';
import type { ProjectRecord, StatusRecord, TaskRecord } from '../domain/tasks/types';
import { taskIndexKeys } from '../domain/tasks/views/queryPort';

type Row = Record<string, unknown>;

/**
 * A pulled payload as a local row, checked by the type's record schema where one exists (tasks,
 * projects, statuses); null when this build cannot read it (the caller ledgers it).
 * Local-only fields are restored: `syncedAt` (stamped now), task index keys, `localOnly: false`.
 */
export function incomingRow(type: string, payload: Row, clock: VectorClock, syncedAt: string): Row | null {
  const withClock = { ...payload, clock };
  if (type === 'task') {
    const parsed = parseTaskRecord(withClock);
    return parsed.ok ? { ...parsed.value, syncedAt, ...taskIndexKeys(parsed.value) } : null;
  }
  if (type === 'project') {
    const parsed = parseProjectRecord(withClock);
    return parsed.ok ? { ...parsed.value, syncedAt } : null;
  }
  if (type === 'project_status') {
    const parsed = parseStatusRecord(withClock);
    return parsed.ok ? (parsed.value as unknown as Row) : null;
  }
  if (typeof payload.id !== 'string') return null;
  if (type === 'note') return { ...payload, localOnly: false };
  return withClock;
}

/**
 * The merge of a local row and a remote one (spec 2.3): tasks and projects field by field,
 * statuses whole; notes, journal entries and inbox items whole by the larger tick sum (tie:
 * remote). Returns the row to store and its merged clock.
 */
export function mergeRows(
  type: string,
  local: Row,
  localClock: VectorClock,
  remote: Row,
  remoteClock: VectorClock,
): { row: Row; clock: VectorClock } {
  if (type === 'task') {
    const m = mergeTask(local as unknown as TaskRecord, remote as unknown as TaskRecord).merged;
    return { row: { ...m, syncedAt: remote.syncedAt, ...taskIndexKeys(m) }, clock: m.clock };
  }
  if (type === 'project') {
    const m = mergeProject(local as unknown as ProjectRecord, remote as unknown as ProjectRecord).merged;
    return { row: { ...m, syncedAt: remote.syncedAt }, clock: m.clock };
  }
  if (type === 'project_status') {
    const m = mergeStatus(local as unknown as StatusRecord, remote as unknown as StatusRecord);
    return { row: m as unknown as Row, clock: m.clock };
  }
  const clock = merge(localClock, remoteClock);
  const winner = remoteWins(localClock, remoteClock) ? remote : local;
  const row = 'clock' in winner ? { ...winner, clock } : winner;
  return { row, clock };
}
