import type { RecordMeta } from '../calendar/recordMeta';
import { ISO_DATE_PATTERN } from '../tasks/schemas';

export const FILTER_TARGETS = ['tasks', 'notes'] as const;
export type FilterTarget = (typeof FILTER_TARGETS)[number];

/**
 * The conditions of a saved filter; every one given must hold (AND). Task filters use all of
 * them but `folder`; note filters use `text`, `tags` and `folder`.
 */
export const filterSchema = {
  type: 'object',
  properties: {
    text: { type: 'string', minLength: 1, maxLength: 200, description: 'in the title, case-insensitive' },
    tags: {
      type: 'array',
      items: { type: 'string', minLength: 1, maxLength: 100 },
      maxItems: 20,
      description: 'has every one of these tags',
    },
    projectId: { type: 'string', minLength: 1, maxLength: 200 },
    status: { type: 'string', enum: ['open', 'completed', 'any'], description: 'default open' },
    priorityAtLeast: { type: 'integer', minimum: 0, maximum: 4 },
    due: { type: 'string', enum: ['overdue', 'today', 'thisWeek', 'dated', 'undated'] },
    dueBefore: { type: 'string', pattern: ISO_DATE_PATTERN, examples: ['2026-12-31'] },
    folder: { type: 'string', maxLength: 1000, description: 'notes in this folder or below' },
  },
  additionalProperties: false,
} as const;

export interface FilterConditions {
  text?: string;
  tags?: string[];
  projectId?: string;
  status?: 'open' | 'completed' | 'any';
  priorityAtLeast?: number;
  due?: 'overdue' | 'today' | 'thisWeek' | 'dated' | 'undated';
  dueBefore?: string;
  folder?: string;
}

export interface SavedFilterRecord extends RecordMeta {
  name: string;
  target: FilterTarget;
  filter: FilterConditions;
  /** order in the list, 0 first */
  position: number;
}

const fields = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  target: { type: 'string', enum: FILTER_TARGETS },
  filter: filterSchema,
} as const;

export const savedFilterCreateSchema = {
  type: 'object',
  properties: fields,
  required: ['name', 'target', 'filter'],
  additionalProperties: false,
} as const;

export const savedFilterPatchSchema = {
  type: 'object',
  properties: { name: fields.name, filter: filterSchema },
  minProperties: 1,
  additionalProperties: false,
} as const;
