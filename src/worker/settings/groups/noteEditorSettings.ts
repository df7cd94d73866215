import { defineSettingsGroup } from '../defineSettingsGroup';

/** Where new notes go, how deleting one is confirmed, whether renames rewrite links (synced: the vault's conventions). */
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
      updateLinksOnRename: {
        type: 'boolean',
        description:
          'rewrite the links pointing at a note or folder when it is renamed or moved (Obsidian\'s "Automatically update internal links")',
      },
    },
    required: ['defaultFolder', 'confirmDelete', 'updateLinksOnRename'],
  },
  defaults: { defaultFolder: '', confirmDelete: true, updateLinksOnRename: true },
});
