import type { RecordMeta } from '../calendar/recordMeta';

/** A note template: markdown with {{variables}} (syntax: docs/planning.md, renderTemplate.ts). */
export interface TemplateRecord extends RecordMeta {
  /** unique, compared case-insensitively */
  name: string;
  description: string | null;
  /** the note body to insert */
  content: string;
  /** the new note's title, e.g. `Meeting {{date}}`; null: the caller names the note */
  titleTemplate: string | null;
  /** where notes made from it go when the caller names no folder; null: the vault root */
  folderPath: string | null;
}

/** As stored: plus `nameKey` (lower-cased name, a unique index); derived, never synced. */
export interface TemplateRow extends TemplateRecord {
  nameKey: string;
}

export const TEMPLATE_CONTENT_MAX = 200_000;

const fields = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  description: { type: ['string', 'null'], maxLength: 2000 },
  content: { type: 'string', maxLength: TEMPLATE_CONTENT_MAX },
  titleTemplate: { type: ['string', 'null'], minLength: 1, maxLength: 500 },
  folderPath: { type: ['string', 'null'], maxLength: 1000 },
} as const;

export const templateCreateSchema = {
  type: 'object',
  properties: fields,
  required: ['name', 'content'],
  additionalProperties: false,
} as const;

export const templatePatchSchema = {
  type: 'object',
  properties: fields,
  minProperties: 1,
  additionalProperties: false,
} as const;

export const toTemplateRow = (t: TemplateRecord): TemplateRow => ({
  ...t,
  nameKey: t.name.trim().toLowerCase(),
});

export function fromTemplateRow(row: TemplateRow): TemplateRecord {
  const { nameKey: _key, ...record } = row;
  return record;
}
