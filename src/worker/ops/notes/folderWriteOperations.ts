import { defineOperation, type Operation } from '../defineOperation';
import type { NotesPort } from './notesPort';

const PATH = { type: 'string', minLength: 1, description: 'vault-relative folder path' } as const;

/** The folder writes of spec 4.5; each requires approval, deleteFolder is destructive. */
export function folderWriteOperations(notes: NotesPort): Operation[] {
  return [
    defineOperation({
      name: 'notes.createFolder',
      summary: 'Create a folder and any missing parents',
      kind: 'write',
      requiresApproval: true,
      params: [{ name: 'path', required: true, schema: PATH }] as const,
      handler: ([path]) => notes.createFolder(path),
    }),
    defineOperation({
      name: 'notes.renameFolder',
      summary: 'Rename or move a folder with everything in it',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'oldPath', required: true, schema: PATH },
        { name: 'newPath', required: true, schema: PATH },
      ] as const,
      handler: ([oldPath, newPath]) => notes.renameFolder(oldPath, newPath),
    }),
    defineOperation({
      name: 'notes.deleteFolder',
      summary: 'Move a folder and all of its contents to the Trash (kept 30 days)',
      kind: 'write',
      requiresApproval: true,
      params: [{ name: 'path', required: true, schema: PATH }] as const,
      handler: ([path]) => notes.deleteFolder(path),
    }),
  ];
}
