import type { Infer } from '../schema';

/**
 * A folder's note settings: how its note list sorts ('manual' follows notes.reorder) and the
 * template (a templates.* record) new notes there start from. Every field optional: a folder
 * without settings reads as DEFAULT_NOTE_FOLDER_CONFIG.
 */
export const NOTE_FOLDER_CONFIG_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    sort: { enum: ['modified', 'title', 'manual'], description: 'the note list order in this folder' },
    templateId: {
      type: ['string', 'null'],
      minLength: 1,
      maxLength: 200,
      description: 'id of the template new notes in this folder start from; null for none',
    },
  },
} as const;

export type NoteFolderConfig = Infer<typeof NOTE_FOLDER_CONFIG_SCHEMA>;

export const DEFAULT_NOTE_FOLDER_CONFIG = { sort: 'modified', templateId: null } as const;
