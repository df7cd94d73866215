/**
 * Schema pieces several tools share. Inlined (spread or referenced as values) into each tool's
 * schema, never `$ref`-ed, so that every schema stands alone within the WebMCP subset.
 */
export const NON_EMPTY = { type: 'string', minLength: 1 } as const;

/** Largest safe integer: spec 8's bound for `page` and `from_page`. */
export const MAX_PAGE = 9007199254740991;

export const PAGE = { type: 'integer', minimum: 1, maximum: MAX_PAGE } as const;

/** YYYY-MM-DD with a month 01..12 and a day 01..31 (the calendar check is the handler's). */
export const ISO_DATE = {
  type: 'string',
  pattern: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$',
  description: 'YYYY-MM-DD',
  examples: ['2026-03-14'],
} as const;

export const ISO_DATE_OR_NULL = { ...ISO_DATE, type: ['string', 'null'] } as const;

export const HH_MM_OR_NULL = {
  type: ['string', 'null'],
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  description: 'HH:MM, 24-hour',
  examples: ['09:30'],
} as const;

export const FILE_TYPES = ['markdown', 'pdf', 'image', 'audio', 'video'] as const;

/** A canvas named by id or by folder-qualified name (`Folder/Title`); a bare title must be unique. */
export const CANVAS_ADDRESS = {
  type: 'string',
  minLength: 1,
  description:
    'canvas id, or folder-qualified name such as Folder/Title (a bare title must match one canvas)',
} as const;

/** `{id}`: the arguments of the tools that read one thing by id. */
export const BY_ID = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: NON_EMPTY },
} as const;

/** `{id}` naming a canvas by id or folder-qualified name. */
export const CANVAS_BY_ID = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: CANVAS_ADDRESS },
} as const;

export const NO_ARGUMENTS = { type: 'object', additionalProperties: false, properties: {} } as const;
