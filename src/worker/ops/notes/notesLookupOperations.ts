import type { VaultDb } from '../../db/schema';
import { liveNote } from '../../domain/trash/noteTrash';
import { contentAccessFor } from '../../tools/reply/omitFileContent';
import { defineOperation, type Operation } from '../defineOperation';
import { fail, ok } from '../result';
import { findByPath } from './findByPath';
import { toNoteEntry, toNoteWithContent } from './noteShape';

const PATH = {
  type: 'string',
  minLength: 1,
  maxLength: 2000,
  description: "vault path: 'Folder/Title.md' for a note, 'Folder/name.pdf' for a filed file",
} as const;

/**
 * notes.getByPath, notes.getFile and notes.exists (spec 4.4): look-ups by vault path or id. A
 * filed file never carries its bytes here: getFile answers its metadata with `contentOmitted`
 * and `contentAccess`, the rule vault_desktop_read applies to every reply.
 */
export function notesLookupOperations(db: Pick<VaultDb, 'notes' | 'bodies'>): Operation[] {
  return [
    defineOperation({
      name: 'notes.getByPath',
      summary: "The note (with its markdown) or filed file at a vault path such as 'Work/Plan.md'",
      kind: 'read',
      params: [{ name: 'path', required: true, schema: PATH }] as const,
      handler: async ([path]) => {
        const row = await findByPath(db, path);
        if (row === null) return fail('NOT_FOUND', `Nothing at "${path}"`, { field: 'args[0]' });
        if (row.fileType !== 'markdown') return ok(toNoteEntry(row));
        return ok(toNoteWithContent(row, (await db.bodies.get(row.id))?.markdown ?? ''));
      },
    }),
    defineOperation({
      name: 'notes.getFile',
      summary: "A filed file's metadata (pdf, image, audio, video), with how to read its content",
      kind: 'read',
      params: [{ name: 'id', required: true, schema: { type: 'string', minLength: 1 } }] as const,
      handler: async ([id]) => {
        const row = liveNote(await db.notes.get(id));
        if (row === undefined || row.fileType === 'markdown')
          return fail('NOT_FOUND', `No filed file with id "${id}" (a markdown note is read with notes.get)`, {
            field: 'args[0]',
          });
        return ok({
          ...toNoteEntry(row),
          contentOmitted: true as const,
          contentAccess: contentAccessFor(row.fileType, row.id),
        });
      },
    }),
    defineOperation({
      name: 'notes.exists',
      summary: 'Whether a note or filed file exists, given its id or its vault path',
      kind: 'read',
      params: [{ name: 'pathOrId', required: true, schema: PATH }] as const,
      handler: async ([key]) =>
        ok(liveNote(await db.notes.get(key)) !== undefined || (await findByPath(db, key)) !== null),
    }),
  ];
}
