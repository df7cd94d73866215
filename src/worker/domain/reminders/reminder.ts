import type { OpError } from '../../ops/result';
import { instantSchema, normalizeInstant } from '../calendar/instant';
import type { RecordMeta } from '../calendar/recordMeta';

/**
 * A reminder's life: `pending` until its time comes, `fired` once the leader tab has raised it
 * (notification shown; it stays due until the user acts), `dismissed` when the user is done.
 * Snoozing moves `remindAt` and puts it back to `pending`.
 */
export const REMINDER_STATES = ['pending', 'fired', 'dismissed'] as const;
export type ReminderState = (typeof REMINDER_STATES)[number];

export const REMINDER_TARGET_TYPES = ['note', 'task', 'event', 'project', 'journal', 'inbox'] as const;
export type ReminderTargetType = (typeof REMINDER_TARGET_TYPES)[number];

export interface ReminderRecord extends RecordMeta {
  title: string;
  body: string | null;
  /** normalized UTC instant */
  remindAt: string;
  /** what the reminder is about, or both null */
  targetType: ReminderTargetType | null;
  targetId: string | null;
  state: ReminderState;
  firedAt: string | null;
  dismissedAt: string | null;
  snoozeCount: number;
}

/** As stored: plus `targetKey` (`type:id`, '' without a target) for getForTarget; derived, never synced. */
export interface ReminderRow extends ReminderRecord {
  targetKey: string;
}

const fields = {
  title: { type: 'string', minLength: 1, maxLength: 500 },
  body: { type: ['string', 'null'], maxLength: 10_000 },
  remindAt: instantSchema,
  targetType: { type: ['string', 'null'], enum: [...REMINDER_TARGET_TYPES, null] },
  targetId: { type: ['string', 'null'], minLength: 1, maxLength: 200 },
} as const;

export const reminderCreateSchema = {
  type: 'object',
  properties: fields,
  required: ['title', 'remindAt'],
  additionalProperties: false,
} as const;

export const reminderPatchSchema = {
  type: 'object',
  description: 'A new remindAt puts a fired reminder back to pending.',
  properties: fields,
  minProperties: 1,
  additionalProperties: false,
} as const;

export const snoozeSchema = {
  type: 'object',
  description: 'Snooze until an instant, or for a number of minutes from now.',
  properties: { until: instantSchema, minutes: { type: 'integer', minimum: 1, maximum: 525_600 } },
  minProperties: 1,
  maxProperties: 1,
  additionalProperties: false,
} as const;

type Editable = Pick<ReminderRecord, 'title' | 'body' | 'remindAt' | 'targetType' | 'targetId'>;

export const targetKeyOf = (r: Pick<ReminderRecord, 'targetType' | 'targetId'>) =>
  r.targetType && r.targetId ? `${r.targetType}:${r.targetId}` : '';

/** The checked editable fields of `prev` (null on create) with `input` applied. */
export function checkReminder(
  prev: Editable | null,
  input: Partial<Editable>,
): { ok: true; value: Editable } | { ok: false; error: OpError } {
  const at = normalizeInstant(input.remindAt ?? prev?.remindAt ?? '', 'remindAt');
  if (!at.ok) return at;
  const title = (input.title ?? prev?.title ?? '').trim();
  if (title === '')
    return { ok: false, error: { code: 'VALIDATION', message: 'title is empty', field: 'title' } };
  const targetType = input.targetType !== undefined ? input.targetType : (prev?.targetType ?? null);
  const targetId = input.targetId !== undefined ? input.targetId : (prev?.targetId ?? null);
  if ((targetType === null) !== (targetId === null))
    return {
      ok: false,
      error: {
        code: 'VALIDATION',
        message: 'targetType and targetId go together: give both or neither',
        field: targetType === null ? 'targetType' : 'targetId',
      },
    };
  return {
    ok: true,
    value: {
      title,
      body: input.body !== undefined ? input.body : (prev?.body ?? null),
      remindAt: at.value,
      targetType,
      targetId,
    },
  };
}

/** Due: not dismissed and its time has come (fired ones stay due until dismissed or snoozed). */
export const isDue = (r: Pick<ReminderRecord, 'state' | 'remindAt'>, nowIso: string) =>
  r.state !== 'dismissed' && r.remindAt <= nowIso;

export const toReminderRow = (r: ReminderRecord): ReminderRow => ({ ...r, targetKey: targetKeyOf(r) });

export function fromReminderRow(row: ReminderRow): ReminderRecord {
  const { targetKey: _key, ...record } = row;
  return record;
}
