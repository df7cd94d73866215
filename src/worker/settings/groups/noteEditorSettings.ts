import { defineSettingsGroup } from '../defineSettingsGroup';

/** Where new notes go and how deleting one is confirmed (synced: the vault's conventions). */
export const noteEditorSettings = defineSettingsGroup({
  name: 'noteEditor',
  op: 'NoteEditor',
  label: 'Notes',
  syncs: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      defaultFolder: {
        type: 'string',
        maxLength: 1000,
        description: 'folder path a new note goes into when no folder is selected ("" = vault root)',
      },
      confirmDelete: { type: 'boolean', description: 'ask before deleting a note' },
    },
    required: ['defaultFolder', 'confirmDelete'],
  },
  defaults: { defaultFolder: '', confirmDelete: true },
});
