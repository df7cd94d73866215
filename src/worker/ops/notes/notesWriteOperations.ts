import { defineOperation, type Operation } from '../defineOperation';
import { ok } from '../result';
import { toNoteEntry } from './noteShape';
import type { NotesPort } from './notesPort';

const ID = { type: 'string', minLength: 1 } as const;
const TITLE = { type: 'string', minLength: 1, maxLength: 200 } as const;
const FOLDER = { type: 'string', description: "vault-relative folder path; '' is the root" } as const;

/** The note writes of spec 4.5 that the note store performs today; each requires approval. */
export function notesWriteOperations(notes: NotesPort): Operation[] {
  return [
    defineOperation({
      name: 'notes.create',
      summary: 'Create a markdown note',
      kind: 'write',
      requiresApproval: true,
      params: [
        {
          name: 'note',
          required: true,
          schema: {
            type: 'object',
            additionalProperties: false,
            properties: { title: TITLE, folder: FOLDER, content: { type: 'string' } },
          },
        },
      ] as const,
      handler: async ([note]) => {
        const input = {
          ...(note.title === undefined ? {} : { title: note.title }),
          ...(note.folder === undefined ? {} : { folderPath: note.folder }),
          ...(note.content === undefined ? {} : { markdown: note.content }),
        };
        const created = await notes.create(input);
        return created.ok ? ok(toNoteEntry(created.value)) : created;
      },
    }),
    defineOperation({
      name: 'notes.update',
      summary: "Replace a note's markdown content",
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'id', required: true, schema: ID },
        {
          name: 'changes',
          required: true,
          schema: {
            type: 'object',
            additionalProperties: false,
            required: ['content'],
            properties: { content: { type: 'string' } },
          },
        },
      ] as const,
      handler: async ([id, changes]) => {
        const updated = await notes.updateBody(id, changes.content);
        return updated.ok ? ok(toNoteEntry(updated.value)) : updated;
      },
    }),
    defineOperation({
      name: 'notes.rename',
      summary: 'Give a note a new title',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'id', required: true, schema: ID },
        { name: 'title', required: true, schema: TITLE },
      ] as const,
      handler: async ([id, title]) => {
        const renamed = await notes.rename(id, title);
        return renamed.ok ? ok(toNoteEntry(renamed.value)) : renamed;
      },
    }),
    defineOperation({
      name: 'notes.move',
      summary: 'Move a note to another folder',
      kind: 'write',
      requiresApproval: true,
      params: [
        { name: 'id', required: true, schema: ID },
        { name: 'folder', required: true, schema: FOLDER },
      ] as const,
      handler: async ([id, folder]) => {
        const moved = await notes.move(id, folder);
        return moved.ok ? ok(toNoteEntry(moved.value)) : moved;
      },
    }),
    defineOperation({
      name: 'notes.delete',
      summary: 'Move a note or filed file to the Trash (kept 30 days)',
      kind: 'write',
      requiresApproval: true,
      params: [{ name: 'id', required: true, schema: ID }] as const,
      handler: ([id]) => notes.delete(id),
    }),
  ];
}
