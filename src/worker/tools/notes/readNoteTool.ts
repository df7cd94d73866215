import { readNote as parseNote } from '../../domain/notes/frontmatter/readNote';
import type { NoteWithContent } from '../../ops/notes/noteShape';
import { fail, ok, type Result } from '../../ops/result';
import { readNote } from '../catalog/readNoteTools';
import { defineTool, jsonOutput, type ToolEnv, type ToolOutput } from '../defineTool';
import { cited, noteRef } from '../reply/links';
import { pageText } from './pageText';
import { readExtracted } from './readExtracted';

/**
 * Spec 4.1 vault_read_note: markdown notes paged by about 100 KB (`from_page`, `next_page`), with
 * `attachment_text` on the first page; filed PDFs and images as their extracted text
 * (readExtracted). Audio and video are refused (VALIDATION, spec 7).
 */
/**
 * The note object of spec 2.2 for a markdown note, page `page` of about 100 KB (shared by
 * vault_read_note and vault_get_current_note).
 */
export async function readNoteReply(id: string, page: number, env: ToolEnv): Promise<Result<ToolOutput>> {
  const read = await env.registry.read('notes.get', [id], { caller: env.caller });
  if (!read.ok) return { ok: false, error: { ...read.error, field: 'id' } };
  const note = read.value as NoteWithContent;
  if (note.fileType === 'audio' || note.fileType === 'video') {
    return fail(
      'VALIDATION',
      `${note.title} is a filed ${note.fileType} file; vault_read_note reads notes, PDFs and images`,
      {
        field: 'id',
        expected: 'a markdown note, pdf or image',
      },
    );
  }
  if (note.fileType !== 'markdown') {
    if (env.ports.texts === undefined) {
      return fail('UNAVAILABLE', `Text extraction for ${note.fileType} files is not available here`, {
        field: 'id',
      });
    }
    return readExtracted(note, page, env.ports.texts);
  }
  const pages = pageText(note.content);
  if (page > pages.length) {
    return fail('VALIDATION', `from_page: this note has ${pages.length} page(s)`, {
      field: 'from_page',
      expected: `integer <= ${pages.length}`,
    });
  }
  // attachment_text rides on the first page only: it is up to 100 KB and the same for every page.
  const attachments = page === 1 && env.ports.texts ? await env.ports.texts.attachmentTextFor(note.id) : [];
  const reply = cited(
    {
      id: note.id,
      title: note.title,
      content_markdown: pages[page - 1]!,
      tags: note.tags,
      folder_path: note.folder,
      frontmatter: parseNote(note.content).frontmatter,
      file_type: note.fileType,
      page,
      page_count: pages.length,
      ...(page < pages.length ? { next_page: page + 1 } : {}),
      ...(attachments.length > 0 ? { attachment_text: attachments } : {}),
    },
    noteRef(note.id, note.title),
  );
  return ok(jsonOutput(reply));
}

export const readNoteTool = defineTool({
  spec: readNote,
  operations: ['notes.get'],
  handler: ({ id, from_page }, env) => readNoteReply(id, from_page ?? 1, env),
});
