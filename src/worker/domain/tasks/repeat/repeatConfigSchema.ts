/**
 * JSON Schema (draft 2020-12) of a task's `repeatConfig`, the single definition of its shape: the
 * `RepeatConfig` type is derived from it, and the rules JSON Schema cannot state live in
 * `checkRepeatConfig`. No `$ref`, `$defs` or `format`, so agent tool schemas can embed it as is.
 */
export const WEEKDAY_VALUES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export const ISO_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
export const HHMM_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';

export const repeatConfigSchema = {
  type: 'object',
  description:
    'How the task repeats: every `interval` days/weeks/months/years; weekly on `weekdays`; monthly on `monthDay` or the `nthWeekday`; yearly on `month`/`monthDay`; ends at `endDate` or after `count` occurrences.',
  properties: {
    frequency: { type: 'string', enum: ['daily', 'weekly', 'monthly', 'yearly'] },
    interval: { type: 'integer', minimum: 1, maximum: 999 },
    weekdays: {
      type: 'array',
      items: { type: 'string', enum: WEEKDAY_VALUES },
      minItems: 1,
      maxItems: 7,
    },
    monthDay: { type: 'integer', minimum: 1, maximum: 31 },
    nthWeekday: {
      type: 'object',
      properties: {
        nth: { type: 'integer', enum: [1, 2, 3, 4, -1] },
        weekday: { type: 'string', enum: WEEKDAY_VALUES },
      },
      required: ['nth', 'weekday'],
      additionalProperties: false,
    },
    month: { type: 'integer', minimum: 1, maximum: 12 },
    endDate: { type: ['string', 'null'], pattern: ISO_DATE_PATTERN },
    count: { type: ['integer', 'null'], minimum: 1, maximum: 10000 },
    occurrence: { type: 'integer', minimum: 1, maximum: 10000 },
  },
  required: ['frequency', 'interval'],
  additionalProperties: false,
} as const;
