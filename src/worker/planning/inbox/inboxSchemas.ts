import { HHMM_PATTERN, ISO_DATE_PATTERN, taskIdSchema, taskIdsSchema } from '../../domain/tasks/schemas';

/** Argument schemas of `inbox.*`; the single definition of each shape (spec 8 limits). */
export const itemId = { name: 'id', required: true, schema: taskIdSchema } as const;
export const itemIds = { name: 'ids', required: true, schema: taskIdsSchema } as const;
export const tagSchema = { type: 'string', minLength: 1, maxLength: 100 } as const;
export const tagsSchema = { type: 'array', items: tagSchema, maxItems: 20 } as const;

export const captureTextSchema = {
  type: 'object',
  properties: {
    text: { type: 'string', minLength: 1, maxLength: 100_000 },
    title: { type: 'string', minLength: 1, maxLength: 500 },
    tags: tagsSchema,
  },
  required: ['text'],
  additionalProperties: false,
} as const;

export const captureLinkSchema = {
  type: 'object',
  properties: {
    url: { type: 'string', pattern: '^https?://\\S+$', maxLength: 4000, examples: ['https://example.com/'] },
    title: { type: 'string', minLength: 1, maxLength: 500 },
    note: { type: 'string', maxLength: 10_000 },
    tags: tagsSchema,
  },
  required: ['url'],
  additionalProperties: false,
} as const;

export const updateSchema = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 500 },
    content: { type: ['string', 'null'], maxLength: 100_000 },
  },
  minProperties: 1,
  additionalProperties: false,
} as const;

/** Where filing puts an item: a folder (it becomes a note there) or a project (a task there). */
export const fileTargetSchema = {
  type: 'object',
  properties: {
    folder: { type: 'string', maxLength: 1000, description: 'folder path; "" is the vault root' },
    projectId: taskIdSchema,
  },
  minProperties: 1,
  maxProperties: 1,
  additionalProperties: false,
} as const;

export const toTaskSchema = {
  type: 'object',
  properties: {
    projectId: taskIdSchema,
    dueDate: { type: 'string', pattern: ISO_DATE_PATTERN, examples: ['2026-11-21'] },
    dueTime: { type: 'string', pattern: HHMM_PATTERN, examples: ['09:30'] },
    priority: { type: 'integer', minimum: 0, maximum: 4 },
  },
  additionalProperties: false,
} as const;

export const snoozeSchema = {
  type: 'object',
  properties: {
    until: {
      type: 'string',
      pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})?)?$',
      examples: ['2026-11-28T09:00:00Z'],
      description: 'a date (start of that day, local) or an ISO timestamp; must be in the future',
    },
    reason: { type: 'string', maxLength: 500 },
  },
  required: ['until'],
  additionalProperties: false,
} as const;

export const listOptionsSchema = {
  type: 'object',
  properties: {
    offset: { type: 'integer', minimum: 0, maximum: 1_000_000 },
    limit: { type: 'integer', minimum: 1, maximum: 200 },
  },
  additionalProperties: false,
} as const;

/** A file capture (image, voice recording, PDF): the bytes as base64, as notes.uploadAttachment takes them. */
export const captureFileSchema = {
  type: 'object',
  properties: {
    // No maxLength: the decoded size is checked in the handler (50 MB).
    data: { type: 'string', minLength: 1, description: "the file's bytes, base64 (at most 50 MB decoded)" },
    mimeType: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      examples: ['image/png', 'audio/webm', 'application/pdf'],
    },
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      pattern: '^[^/\\\\\\u0000-\\u001f]+$',
      description: 'file name',
    },
    title: { type: 'string', minLength: 1, maxLength: 500 },
    note: { type: 'string', maxLength: 10_000, description: 'text kept with the capture' },
    durationMs: { type: 'integer', minimum: 0, maximum: 86_400_000, description: "a recording's length" },
    tags: tagsSchema,
  },
  required: ['data', 'mimeType'],
  additionalProperties: false,
} as const;

/** A clip: text taken from a page, with the page's address. */
export const captureClipSchema = {
  type: 'object',
  properties: {
    text: { type: 'string', minLength: 1, maxLength: 100_000 },
    url: {
      type: 'string',
      pattern: '^https?://\\S+$',
      maxLength: 4000,
      examples: ['https://example.com/article'],
    },
    pageTitle: { type: 'string', minLength: 1, maxLength: 500 },
    title: { type: 'string', minLength: 1, maxLength: 500 },
    tags: tagsSchema,
  },
  required: ['text', 'url'],
  additionalProperties: false,
} as const;
