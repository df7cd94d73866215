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
      confirmDelete: { type: 'boolean', description: 'ask before moving a note to the Trash' },
      updateLinksOnRename: {
        type: 'boolean',
        description:
          'rewrite the links pointing at a note or folder when it is renamed or moved (Obsidian\'s "Automatically update internal links")',
      },
    },
    required: ['defaultFolder', 'confirmDelete', 'updateLinksOnRename'],
  },
  // a delete goes to the Trash with Undo (docs/trash.md): no question by default
  defaults: { defaultFolder: '', confirmDelete: false, updateLinksOnRename: true },
});
