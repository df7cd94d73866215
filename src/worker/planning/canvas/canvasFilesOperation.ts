import type { VaultDb } from '../../db/schema';
import { defineOperation, type Operation } from '../../ops/defineOperation';
import { ok } from '../../ops/result';

/** The filed-file types (every notes row that is not markdown). */
const FILE_TYPES = ['pdf', 'image', 'audio', 'video'] as const;

/**
 * canvas.findFiles (Cairn's addition, for the canvas editor's "Add file" picker): the vault's
 * filed files, newest first, whose name contains the text (case-insensitive; empty lists the
 * newest). Read through the notes `fileType` index, so markdown notes are never scanned: a vault
 * holds hundreds of files, not the 10,000 notes a title scan would read. Metadata only.
 */
export function canvasFilesOperation(db: VaultDb): Operation {
  return defineOperation({
    kind: 'read',
    name: 'canvas.findFiles',
    summary:
      'Filed files (images, PDFs, audio, video) whose name contains the text, newest first, to place on a canvas as cards.',
    params: [
      { name: 'query', required: false, schema: { type: 'string', maxLength: 200 } },
      { name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 50 } },
    ] as const,
    handler: async ([query = '', limit = 20]) => {
      const q = query.trim().toLowerCase();
      const rows = await db.notes
        .where('fileType')
        .anyOf([...FILE_TYPES])
        .filter((n) => n.title.toLowerCase().includes(q))
        .toArray();
      rows.sort((a, b) => b.modified - a.modified || a.title.localeCompare(b.title));
      return ok({
        files: rows.slice(0, limit).map((n) => ({
          id: n.id,
          title: n.title,
          folder: n.folderPath,
          fileType: n.fileType,
          mime: n.mime ?? null,
          size: n.size ?? null,
        })),
        total: rows.length,
      });
    },
  });
}
