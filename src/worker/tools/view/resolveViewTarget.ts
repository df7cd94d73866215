import type { NoteWithContent } from '../../ops/notes/noteShape';
import { fail, ok, type Result } from '../../ops/result';
import type { ToolEnv } from '../defineTool';
import type { FileViewPort } from './fileViewPort';
import { resolveAttachment } from './resolveAttachment';

/** What vault_view_file draws, once its arguments name a viewable file that exists. */
export interface ViewTarget {
  kind: 'image' | 'pdf';
  blob: Blob;
  /** the note (for an attachment) or the filed file the reply cites */
  note: Pick<NoteWithContent, 'id' | 'title'>;
  /** the viewed file's own name: the attachment name, or the filed file's title */
  title: string;
  attachment: string | null;
  /** `attachments/<note_id>/<name>` for an attachment; the vault path of a filed file */
  file: string;
  /** a filed file of the vault the note embeds (not its own attachment): cited beside the note */
  embedded?: { id: string; title: string };
}

const VIEWABLE = 'a filed image or PDF id, or a note id with attachment';

/**
 * Spec 4.1: `id` is a filed image or PDF, or a note whose embedded file `attachment` names
 * (resolveAttachment.ts: the forms `attachment` may take).
 * Markdown without `attachment`, audio and video are VALIDATION; a missing note, file or
 * attachment is NOT_FOUND; each names the argument at fault.
 */
export async function resolveViewTarget(
  id: string,
  attachment: string | undefined,
  files: FileViewPort,
  env: ToolEnv,
): Promise<Result<ViewTarget>> {
  const read = await env.registry.read('notes.get', [id], { caller: env.caller });
  if (!read.ok) return { ok: false, error: { ...read.error, field: 'id' } };
  const note = read.value as NoteWithContent;
  if (attachment !== undefined) {
    if (note.fileType !== 'markdown') {
      return fail(
        'VALIDATION',
        `attachment names a file embedded in a note; ${note.title} is a filed ${note.fileType}`,
        { field: 'attachment', expected: 'absent for a filed file' },
      );
    }
    return resolveAttachment(note, attachment, files, env);
  }
  if (note.fileType !== 'image' && note.fileType !== 'pdf') {
    const what =
      note.fileType === 'markdown'
        ? 'a markdown note (pass attachment to view a file it embeds)'
        : `a filed ${note.fileType} file`;
    return fail('VALIDATION', `${note.title} is ${what}; vault_view_file shows images and PDF pages`, {
      field: 'id',
      expected: VIEWABLE,
    });
  }
  const blob = await files.blob(id);
  if (blob === null)
    return fail('NOT_FOUND', `The bytes of ${note.title} are not on this device`, { field: 'id' });
  return ok({ kind: note.fileType, blob, note, title: note.title, attachment: null, file: note.path });
}
