import type { FromSchema } from 'json-schema-to-ts';
import { HHMM_PATTERN, ISO_DATE_PATTERN, repeatConfigSchema } from './repeat/repeatConfigSchema';

/**
 * JSON Schemas (draft 2020-12, as data) of the tasks domain's write arguments: the single
 * definition of each input shape. The operation registry (src/worker/ops) uses them as param
 * schemas; the input types below are derived from them; the domain's validators run them through
 * Ajv before the rules a schema cannot state (real calendar dates, existing ids, no cycles).
 * Limits are spec section 8's. No `$ref`, `$defs` or `format`, so agent tools may embed them.
 */
export { HHMM_PATTERN, ISO_DATE_PATTERN, repeatConfigSchema };

export const TITLE_MAX = 500;
export const DESCRIPTION_MAX = 10_000;
export const TAGS_MAX = 20;
export const TAG_MAX_LENGTH = 100;
export const PROJECT_NAME_MAX = 200;
export const STATUS_NAME_MAX = 100;
export const HEX_COLOR_PATTERN = '^#[0-9a-fA-F]{6}$';

const id = { type: 'string', minLength: 1, maxLength: 200 } as const;
const nullableId = { type: ['string', 'null'], minLength: 1, maxLength: 200 } as const;
const nullableDate = { type: ['string', 'null'], pattern: ISO_DATE_PATTERN } as const;
const position = { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 } as const;

const taskFields = {
  title: { type: 'string', minLength: 1, maxLength: TITLE_MAX },
  projectId: nullableId,
  statusId: nullableId,
  parentId: nullableId,
  description: { type: ['string', 'null'], maxLength: DESCRIPTION_MAX },
  priority: {
    type: 'integer',
    minimum: 0,
    maximum: 4,
    description: '0 none, 1 low, 2 medium, 3 high, 4 urgent',
  },
  position,
  dueDate: nullableDate,
  dueTime: { type: ['string', 'null'], pattern: HHMM_PATTERN },
  startDate: nullableDate,
  repeatConfig: { anyOf: [repeatConfigSchema, { type: 'null' }] },
  repeatFrom: { type: ['string', 'null'], enum: ['due', 'completion', null] },
  tags: {
    type: 'array',
    items: { type: 'string', minLength: 1, maxLength: TAG_MAX_LENGTH },
    maxItems: TAGS_MAX,
  },
} as const;

export const taskCreateInputSchema = {
  type: 'object',
  properties: { ...taskFields, sourceNoteId: nullableId },
  required: ['title'],
  additionalProperties: false,
} as const;
export type TaskCreateInput = FromSchema<typeof taskCreateInputSchema>;

export const taskUpdatePatchSchema = {
  type: 'object',
  properties: taskFields,
  minProperties: 1,
  additionalProperties: false,
} as const;
export type TaskUpdatePatch = FromSchema<typeof taskUpdatePatchSchema>;

export const taskIdSchema = id;
export const taskIdsSchema = {
  type: 'array',
  items: id,
  minItems: 1,
  maxItems: 1000,
  uniqueItems: true,
} as const;

export const taskMoveTargetSchema = {
  type: 'object',
  properties: { projectId: id, statusId: nullableId, position },
  required: ['projectId'],
  additionalProperties: false,
} as const;
export type TaskMoveTarget = FromSchema<typeof taskMoveTargetSchema>;

const projectFields = {
  name: { type: 'string', minLength: 1, maxLength: PROJECT_NAME_MAX },
  description: { type: ['string', 'null'], maxLength: DESCRIPTION_MAX },
  color: { type: 'string', pattern: HEX_COLOR_PATTERN },
  icon: { type: ['string', 'null'], minLength: 1, maxLength: 64 },
  homeNoteId: nullableId,
  position,
} as const;

export const projectCreateInputSchema = {
  type: 'object',
  properties: projectFields,
  required: ['name'],
  additionalProperties: false,
} as const;
export type ProjectCreateInput = FromSchema<typeof projectCreateInputSchema>;

export const projectUpdatePatchSchema = {
  type: 'object',
  properties: projectFields,
  minProperties: 1,
  additionalProperties: false,
} as const;
export type ProjectUpdatePatch = FromSchema<typeof projectUpdatePatchSchema>;

const statusFields = {
  name: { type: 'string', minLength: 1, maxLength: STATUS_NAME_MAX },
  color: { type: 'string', pattern: HEX_COLOR_PATTERN },
  isDefault: { type: 'boolean' },
  isDone: { type: 'boolean' },
  position,
} as const;

export const statusCreateInputSchema = {
  type: 'object',
  properties: { projectId: id, ...statusFields },
  required: ['projectId', 'name'],
  additionalProperties: false,
} as const;
export type StatusCreateInput = FromSchema<typeof statusCreateInputSchema>;

export const statusUpdatePatchSchema = {
  type: 'object',
  properties: statusFields,
  minProperties: 1,
  additionalProperties: false,
} as const;
export type StatusUpdatePatch = FromSchema<typeof statusUpdatePatchSchema>;

/** Options of the Today / Overdue / Upcoming views and per-project lists. */
export const taskViewOptionsSchema = {
  type: 'object',
  properties: {
    today: { type: 'string', pattern: ISO_DATE_PATTERN, description: 'the user’s local date; default: now' },
    days: { type: 'integer', minimum: 1, maximum: 366, description: 'Upcoming: how many days ahead' },
    limit: { type: 'integer', minimum: 1, maximum: 2000 },
    includeCompleted: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;
export type TaskViewOptions = FromSchema<typeof taskViewOptionsSchema>;
