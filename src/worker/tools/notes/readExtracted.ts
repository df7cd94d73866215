import type { NoteWithContent } from '../../ops/notes/noteShape';
import { fail, ok, type Result } from '../../ops/result';
import { jsonOutput, type ToolOutput } from '../defineTool';
import { cited, noteRef } from '../reply/links';
import { extractedChunk } from './extractedTextPage';
import type { FileTextPort } from './fileTextPort';

/**
 * Spec 2.2's extracted-text form of a filed PDF or image: `extracted_text` (one entry per page,
 * `{page, text}`) in place of the markdown, with `status` (extracting, done, failed), `page_count`,
 * `pages_read` (pages in this reply) and `next_page` while pages remain. Extraction still running
 * answers at once with `status: "extracting"` and no pages (call again later); a failure gives
 * `status: "failed"` and `reason`. Neither is an error: the file exists, its text does not (yet).
 */
export async function readExtracted(
  note: NoteWithContent,
  page: number,
  texts: FileTextPort,
): Promise<Result<ToolOutput>> {
  const text = await texts.extractedText(note.id);
  if (text === null) return fail('NOT_FOUND', `No filed PDF or image with id ${note.id}`, { field: 'id' });
  const base = {
    id: note.id,
    title: note.title,
    tags: note.tags,
    folder_path: note.folder,
    file_type: note.fileType,
    status: text.status,
    page_count: text.page_count,
  };
  if (text.status !== 'done') {
    const why = text.status === 'failed' ? { reason: text.reason ?? 'the text could not be read' } : {};
    return ok(
      jsonOutput(cited({ ...base, ...why, extracted_text: [], pages_read: 0 }, noteRef(note.id, note.title))),
    );
  }
  const count = text.pages.length;
  if (page > Math.max(1, count)) {
    return fail('VALIDATION', `from_page: ${note.title} has ${count} page(s)`, {
      field: 'from_page',
      expected: `integer <= ${Math.max(1, count)}`,
    });
  }
  const chunk = extractedChunk(text, page);
  return ok(jsonOutput(cited({ ...base, ...chunk }, noteRef(note.id, note.title))));
}
