import type { RecordMeta } from '../calendar/recordMeta';

/**
 * A home page: a named place the app can open on, pinned in the Home view (a note, a project's
 * board, a saved filter's results, a journal day, a section of the app). The one marked
 * `isDefault` is where Home opens; at most one is.
 */
export const HOME_TARGET_TYPES = ['note', 'project', 'savedFilter', 'canvas', 'journal', 'section'] as const;
export type HomeTargetType = (typeof HOME_TARGET_TYPES)[number];

export interface HomePageRecord extends RecordMeta {
  name: string;
  targetType: HomeTargetType;
  /** the record id; for journal a date or `today`; for section its id (tasks, inbox, ...) */
  targetId: string;
  isDefault: boolean;
  /** order in the list, 0 first */
  position: number;
}

const fields = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  targetType: { type: 'string', enum: HOME_TARGET_TYPES },
  targetId: { type: 'string', minLength: 1, maxLength: 1000 },
  isDefault: { type: 'boolean' },
} as const;

export const homePageCreateSchema = {
  type: 'object',
  properties: fields,
  required: ['name', 'targetType', 'targetId'],
  additionalProperties: false,
} as const;

export const homePagePatchSchema = {
  type: 'object',
  properties: fields,
  minProperties: 1,
  additionalProperties: false,
} as const;
