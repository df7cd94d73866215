import type { FieldClocks } from '../clock/fieldClocks';
import type { VectorClock } from '../clock/vectorClock';
import type { RepeatConfig, RepeatFrom } from './repeat/repeatConfig';
import type { ProjectSyncField, TaskSyncField } from './syncFields';

/** ISO calendar date `YYYY-MM-DD`. */
export type IsoDate = string;
/** ISO 8601 UTC timestamp as produced by `Date.prototype.toISOString()`. */
export type Timestamp = string;

/**
 * A task as stored and synced. The derived fields of the full task of spec 2.3 (`isRepeating`,
 * subtask counts, links, href) are computed by `toFullTask`, never stored, so they cannot
 * disagree with the data they come from.
 */
export interface TaskRecord {
  readonly id: string;
  readonly projectId: string;
  readonly statusId: string | null;
  readonly parentId: string | null;
  readonly title: string;
  readonly description: string | null;
  /** 0 none, 1 low, 2 medium, 3 high, 4 urgent */
  readonly priority: number;
  readonly position: number;
  readonly dueDate: IsoDate | null;
  readonly dueTime: string | null;
  readonly startDate: IsoDate | null;
  readonly repeatConfig: RepeatConfig | null;
  readonly repeatFrom: RepeatFrom | null;
  /** the note this task was created from (checkbox conversion); set once at creation */
  readonly sourceNoteId: string | null;
  readonly completedAt: Timestamp | null;
  readonly archivedAt: Timestamp | null;
  readonly syncedAt: Timestamp | null;
  readonly tags: readonly string[];
  readonly createdAt: Timestamp;
  readonly modifiedAt: Timestamp;
  readonly clock: VectorClock;
  readonly fieldClocks: FieldClocks<TaskSyncField>;
  /**
   * When the task went to the Trash (docs/trash.md); null or absent: live. Not a field-clocked
   * field: it follows the record clock, and a restore writes null (never removes the key) so the
   * restore wins a merge against the trashed copy.
   */
  readonly trashedAt?: Timestamp | null;
  /** a subtask that went to the Trash with an ancestor: that ancestor's id (null or absent otherwise) */
  readonly trashedWith?: string | null;
}

export interface ProjectRecord {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly color: string;
  readonly icon: string | null;
  readonly position: number;
  readonly isInbox: boolean;
  readonly homeNoteId: string | null;
  readonly archivedAt: Timestamp | null;
  readonly syncedAt: Timestamp | null;
  readonly createdAt: Timestamp;
  readonly modifiedAt: Timestamp;
  readonly clock: VectorClock;
  readonly fieldClocks: FieldClocks<ProjectSyncField>;
  /**
   * When the project went to the Trash with its tasks (docs/trash.md); null or absent: live. Like
   * a task's, it follows the record clock and a restore writes null.
   */
  readonly trashedAt?: Timestamp | null;
}

/**
 * A status column of one project. Statuses sync as whole records (last writer by record clock),
 * so they carry a record clock and `modifiedAt` beyond the fields of spec 2.4.
 */
export interface StatusRecord {
  readonly id: string;
  readonly projectId: string;
  readonly name: string;
  readonly color: string;
  readonly position: number;
  readonly isDefault: boolean;
  readonly isDone: boolean;
  readonly createdAt: Timestamp;
  readonly modifiedAt: Timestamp;
  readonly clock: VectorClock;
}

/** What a delete leaves for the sync engine: the delete's own clock (the record's, ticked). */
export interface Tombstone {
  readonly id: string;
  readonly clock: VectorClock;
  readonly deletedAt: Timestamp;
}
