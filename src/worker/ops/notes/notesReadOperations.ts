import { defineOperation, type Operation } from '../defineOperation';
import { fail, ok } from '../result';
import { toFolderEntry, toNoteEntry, toNoteWithContent } from './noteShape';
import type { NotesPort } from './notesPort';

const ID = { type: 'string', minLength: 1 } as const;

/** The notes reads of spec 4.4 that the note store answers today. */
export function notesReadOperations(notes: NotesPort): Operation[] {
  return [
    defineOperation({
      name: 'notes.get',
      summary: 'Get one note with its markdown content',
      kind: 'read',
      params: [{ name: 'id', required: true, schema: ID }] as const,
      handler: async ([id]) => {
        const note = await notes.get(id);
        if (note === null) return fail('NOT_FOUND', `No note with id "${id}"`, { field: 'args[0]' });
        return ok(toNoteWithContent(note, note.markdown));
      },
    }),
    defineOperation({
      name: 'notes.list',
      summary: 'List notes, newest first or by title, optionally the direct notes of one folder',
      kind: 'read',
      params: [
        {
          name: 'options',
          required: false,
          schema: {
            type: 'object',
            additionalProperties: false,
            properties: {
              folder: { type: 'string', description: "vault-relative folder path; '' is the root" },
              limit: { type: 'integer', minimum: 1, maximum: 500 },
              offset: { type: 'integer', minimum: 0, maximum: 9007199254740991 },
              sort: { enum: ['modified', 'title'] },
            },
          },
        },
      ] as const,
      handler: async ([options]) => {
        const limit = options?.limit ?? 100;
        const offset = options?.offset ?? 0;
        const query = { offset, limit, sort: options?.sort ?? 'modified' } as const;
        const page = await notes.list(
          options?.folder === undefined ? query : { ...query, folder: options.folder },
        );
        return ok({
          notes: page.items.map(toNoteEntry),
          total: page.total,
          hasMore: offset + page.items.length < page.total,
        });
      },
    }),
    defineOperation({
      name: 'notes.getFolders',
      summary: 'List every folder of the vault, by path',
      kind: 'read',
      params: [] as const,
      handler: async () => ok((await notes.listFolders()).map(toFolderEntry)),
    }),
  ];
}
