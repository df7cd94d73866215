import { BY_ID, NON_EMPTY } from './fragments';
import { defineToolSpec, writeAnnotations } from './toolSpec';

/** Spec 4.2: note and folder writes. Every one waits for the user's approval. */
export const createNote = defineToolSpec({
  name: 'vault_create_note',
  title: 'Create a note',
  description:
    'Create a markdown note. Checkbox lines stay plain checkboxes unless the owner turned on task conversion for agents; then they become tasks, listed in created_tasks. Create tasks with vault_create_task.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['title', 'content_markdown'],
    properties: {
      title: NON_EMPTY,
      content_markdown: { type: 'string' },
      folder_path: { type: 'string' },
      tags: { type: 'array', maxItems: 100, items: NON_EMPTY },
    },
  },
  annotations: writeAnnotations(false),
  requiresApproval: true,
});

export const renameNote = defineToolSpec({
  name: 'vault_rename_note',
  title: 'Rename a note',
  description: 'Give a note a new title (1..200 characters).',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'title'],
    properties: { id: NON_EMPTY, title: { type: 'string', minLength: 1, maxLength: 200 } },
  },
  annotations: writeAnnotations(false, true),
  requiresApproval: true,
});

export const deleteNote = defineToolSpec({
  name: 'vault_delete_note',
  title: 'Delete a note',
  description:
    'Delete a note or filed file: it moves to the Trash for 30 days (trash.restore brings it back).',
  inputSchema: BY_ID,
  annotations: writeAnnotations(true, true),
  requiresApproval: true,
});

export const createFolder = defineToolSpec({
  name: 'vault_create_folder',
  title: 'Create a folder',
  description: 'Create a folder (vault-relative path; parents are created as needed).',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['path'],
    properties: { path: NON_EMPTY },
  },
  annotations: writeAnnotations(false, true),
  requiresApproval: true,
});

export const renameFolder = defineToolSpec({
  name: 'vault_rename_folder',
  title: 'Rename or move a folder',
  description: 'Move a folder and everything in it from old_path to new_path.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['old_path', 'new_path'],
    properties: { old_path: NON_EMPTY, new_path: NON_EMPTY },
  },
  annotations: writeAnnotations(false),
  requiresApproval: true,
});

export const deleteFolder = defineToolSpec({
  name: 'vault_delete_folder',
  title: 'Delete a folder',
  description:
    'Delete a folder and all of its contents: they move to the Trash for 30 days (trash.restore brings them back).',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['path'],
    properties: { path: NON_EMPTY },
  },
  annotations: writeAnnotations(true, true),
  requiresApproval: true,
});
