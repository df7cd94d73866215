import { fail, ok, type Result, type ValidationError } from './errors';
import { HHMM_PATTERN, ISO_DATE_PATTERN, repeatConfigSchema } from './repeat/repeatConfigSchema';
import { shapeChecker } from './shapeCheck';
import { PROJECT_SYNC_FIELDS, TASK_SYNC_FIELDS } from './syncFields';
import type { ProjectRecord, StatusRecord, TaskRecord } from './types';

/**
 * Schemas of the stored records, for records that arrive from elsewhere (a sync pull, an import):
 * a payload is checked before it is merged or written, and one that fails is refused as a value
 * (the sync engine quarantines or ledgers it; nothing is silently dropped). Objects stay open
 * (`additionalProperties` allowed) so fields of newer clients survive; `syncedAt` is local-only
 * and absent from payloads (parsed as null).
 */
const clock = {
  type: 'object',
  propertyNames: { minLength: 1 },
  additionalProperties: { type: 'integer', minimum: 0 },
} as const;
const fieldClocks = (fields: readonly string[]) =>
  ({ type: 'object', properties: Object.fromEntries(fields.map((f) => [f, clock])) }) as const;
const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const nullableDate = { type: ['string', 'null'], pattern: ISO_DATE_PATTERN } as const;

export const taskRecordSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1 },
    projectId: { type: 'string', minLength: 1 },
    statusId: nullableStr,
    parentId: nullableStr,
    title: str,
    description: nullableStr,
    priority: { type: 'integer', minimum: 0, maximum: 4 },
    position: { type: 'integer' },
    dueDate: nullableDate,
    dueTime: { type: ['string', 'null'], pattern: HHMM_PATTERN },
    startDate: nullableDate,
    repeatConfig: { anyOf: [repeatConfigSchema, { type: 'null' }] },
    repeatFrom: { type: ['string', 'null'], enum: ['due', 'completion', null] },
    sourceNoteId: nullableStr,
    completedAt: nullableStr,
    archivedAt: nullableStr,
    trashedAt: nullableStr,
    trashedWith: nullableStr,
    tags: { type: 'array', items: str },
    createdAt: str,
    modifiedAt: str,
    clock,
    fieldClocks: fieldClocks(TASK_SYNC_FIELDS),
  },
  required: [...TASK_SYNC_FIELDS, 'id', 'sourceNoteId', 'createdAt', 'modifiedAt', 'clock', 'fieldClocks'],
} as const;

export const projectRecordSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1 },
    name: str,
    description: nullableStr,
    color: str,
    icon: nullableStr,
    position: { type: 'integer' },
    isInbox: { type: 'boolean' },
    homeNoteId: nullableStr,
    archivedAt: nullableStr,
    trashedAt: nullableStr,
    createdAt: str,
    modifiedAt: str,
    clock,
    fieldClocks: fieldClocks(PROJECT_SYNC_FIELDS),
  },
  required: [...PROJECT_SYNC_FIELDS, 'id', 'createdAt', 'modifiedAt', 'clock', 'fieldClocks'],
} as const;

export const statusRecordSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1 },
    projectId: { type: 'string', minLength: 1 },
    name: str,
    color: str,
    position: { type: 'integer' },
    isDefault: { type: 'boolean' },
    isDone: { type: 'boolean' },
    createdAt: str,
    modifiedAt: str,
    clock,
  },
  required: [
    'id',
    'projectId',
    'name',
    'color',
    'position',
    'isDefault',
    'isDone',
    'createdAt',
    'modifiedAt',
    'clock',
  ],
} as const;

const RECORD_ROOT = { label: 'record', prefixed: false };
const checkTask = shapeChecker(taskRecordSchema, RECORD_ROOT);
const checkProject = shapeChecker(projectRecordSchema, RECORD_ROOT);
const checkStatus = shapeChecker(statusRecordSchema, RECORD_ROOT);

/**
 * Check a record from elsewhere; for records that carry `syncedAt`, the payload's value is never
 * taken (it is this device's bookkeeping) and the parsed record starts unsynced (null).
 */
function parseWith<R>(
  check: (v: unknown) => ValidationError | null,
  value: unknown,
  hasSyncedAt: boolean,
): Result<R> {
  const problem = check(value);
  if (problem !== null) return fail(problem);
  return ok((hasSyncedAt ? { ...(value as object), syncedAt: null } : value) as R);
}

export const parseTaskRecord = (value: unknown): Result<TaskRecord> => parseWith(checkTask, value, true);
export const parseProjectRecord = (value: unknown): Result<ProjectRecord> =>
  parseWith(checkProject, value, true);
export const parseStatusRecord = (value: unknown): Result<StatusRecord> =>
  parseWith(checkStatus, value, false);

/** The payload a record syncs as: everything but the local-only `syncedAt`. */
export function toSyncPayload<R extends { syncedAt?: unknown }>(record: R): Omit<R, 'syncedAt'> {
  const { syncedAt: _local, ...payload } = record;
  return payload;
}
