import type { Infer } from '../schema';

/**
 * A folder's view settings (folderView.*): the folder config and its saved views. The schemas
 * validate the operations' arguments and type what is stored; one definition of each shape.
 */
const SORT = {
  type: 'object',
  additionalProperties: false,
  required: ['property'],
  properties: {
    property: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      description: 'a property name, or title/created/modified',
    },
    direction: { enum: ['asc', 'desc'] },
  },
} as const;

/**
 * A table's row filter: the rows whose `property` (or title/created/modified) reads as text
 * containing `text`, case-insensitively. Optional in a view, so views stored before it existed
 * still load and validate.
 */
const FILTER = {
  type: 'object',
  additionalProperties: false,
  required: ['property', 'text'],
  properties: {
    property: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      description: 'a property name, or title/created/modified',
    },
    text: { type: 'string', maxLength: 1000, description: 'the text a shown row contains' },
  },
} as const;

export const FOLDER_CONFIG_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    defaultView: { type: 'string', minLength: 1, maxLength: 100, description: 'id of the view shown first' },
    sort: SORT,
    hiddenProperties: {
      type: 'array',
      maxItems: 100,
      items: { type: 'string', minLength: 1, maxLength: 100 },
    },
    template: {
      type: 'string',
      maxLength: 100000,
      description: 'markdown a new note of this folder starts with',
    },
  },
} as const;

export const FOLDER_VIEW_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'type'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 100 },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    type: { enum: ['table', 'list', 'board'] },
    columns: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 100 } },
    sort: SORT,
    groupBy: { type: 'string', minLength: 1, maxLength: 100, description: 'a board groups by this property' },
    filter: FILTER,
  },
} as const;

export type FolderConfig = Infer<typeof FOLDER_CONFIG_SCHEMA>;
export type FolderView = Infer<typeof FOLDER_VIEW_SCHEMA>;
export type ViewFilter = NonNullable<FolderView['filter']>;

export interface FolderViewRow {
  /** vault-relative folder path ('' is the root) */
  path: string;
  config: FolderConfig;
  views: FolderView[];
}
