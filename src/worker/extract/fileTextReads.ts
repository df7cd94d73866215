import type { ExtractionStatus } from '../db/extractTables';
import type { VaultDb } from '../db/schema';
import { attachmentFolder } from '../domain/notes/attachments';
import { readNote } from '../domain/notes/frontmatter/readNote';
import { liveNote } from '../domain/trash/noteTrash';
import { htmlBlockTexts } from './htmlBlockText';

/** Spec 2.2 / 8: `attachment_text` is about 100 KB at most. */
export const ATTACHMENT_TEXT_BYTES = 100 * 1024;

/** The text read from one filed PDF or image (spec 2.2 `extracted_text`, before paging). */
export interface ExtractedText {
  id: string;
  status: ExtractionStatus;
  /** why extraction failed; null otherwise */
  reason: string | null;
  /** null until the file has been opened */
  page_count: number | null;
  /** one entry per PDF page, one for an image; empty unless done */
  pages: string[];
  /** PDFs: pages without a text layer read by OCR, and those left unread over the cap (1-based) */
  ocr_pages?: number[];
  unread_pages?: number[];
  /** while a PDF's scanned pages are read: pages done so far */
  progress?: { page: number; page_count: number } | null;
}

/**
 * One `attachment_text` entry (spec 2.2). `file` is `attachments/<note_id>/<name>` for the
 * note's own attachment, the embed's target as written for another filed file
 * (`Attachments/scan.png`), or `html:<n>` for the n-th HTML block (1-based).
 * An embedded file whose text is not read yet, or could not be, has `text: ''` and its
 * `status` (`extracting` or `failed`, with `reason`); entries of read files carry no status.
 */
export interface AttachmentText {
  file: string;
  text: string;
  status?: 'extracting' | 'failed';
  reason?: string;
}

/** The status and pages of a filed pdf or image; null for a missing id or another file type. */
export async function extractedTextOf(db: VaultDb, fileId: string): Promise<ExtractedText | null> {
  const note = liveNote(await db.notes.get(fileId));
  if (!note || (note.fileType !== 'pdf' && note.fileType !== 'image')) return null;
  const row = await db.fileTexts.get(fileId);
  // No row yet: filed a moment ago, waiting for the leader's queue.
  if (!row)
    return {
      id: fileId,
      status: 'extracting',
      reason: null,
      page_count: null,
      pages: [],
      ocr_pages: [],
      unread_pages: [],
      progress: null,
    };
  const progress = row.status === 'extracting' && row.progress ? row.progress : null;
  return {
    id: fileId,
    status: row.status,
    reason: row.reason,
    page_count: row.pageCount,
    pages: row.status === 'done' ? row.pages : [],
    ocr_pages: row.ocrPages ?? [],
    unread_pages: row.unreadPages ?? [],
    progress: progress && { page: progress.page, page_count: progress.pageCount },
  };
}

/**
 * `attachment_text` of a markdown note: the read text of each PDF and image it embeds
 * (`![[file.pdf]]`, `![](scan.png)`, resolved like its links; each file once, in document
 * order), then the visible text of its HTML blocks. At most `maxBytes` of text in all: the
 * entry that crosses the limit is cut and later ones are left out. [] for a missing note or a file.
 */
export async function attachmentTextFor(
  db: VaultDb,
  noteId: string,
  maxBytes = ATTACHMENT_TEXT_BYTES,
): Promise<AttachmentText[]> {
  const note = liveNote(await db.notes.get(noteId));
  if (note?.fileType !== 'markdown') return [];
  const entries: AttachmentText[] = [];
  const links = await db.links.where('from_id').equals(noteId).sortBy('seq');
  const seen = new Set<string>();
  for (const link of links) {
    if (!link.embed || link.to_id === null || seen.has(link.to_id)) continue;
    seen.add(link.to_id);
    const text = await extractedTextOf(db, link.to_id);
    if (!text) continue;
    const file = await embedName(db, noteId, link.to_id, link.target);
    if (text.status === 'done') entries.push({ file, text: text.pages.join('\n\n') });
    else
      entries.push({
        file,
        text: '',
        status: text.status,
        ...(text.reason ? { reason: text.reason } : {}),
      });
  }
  const markdown = (await db.bodies.get(noteId))?.markdown ?? '';
  htmlBlockTexts(readNote(markdown).body).forEach((text, i) => {
    entries.push({ file: `html:${i + 1}`, text });
  });
  return capBytes(entries, maxBytes);
}

/** The note's own attachment as `attachments/<note_id>/<name>` (spec 2.2); another file as written. */
async function embedName(db: VaultDb, noteId: string, fileId: string, target: string): Promise<string> {
  const row = liveNote(await db.notes.get(fileId));
  const folder = attachmentFolder(noteId);
  return row?.folderPath === folder ? `${folder}/${row.title}` : target;
}

function capBytes(entries: AttachmentText[], maxBytes: number): AttachmentText[] {
  const encoder = new TextEncoder();
  const out: AttachmentText[] = [];
  let left = maxBytes;
  for (const entry of entries) {
    if (left <= 0) break;
    const bytes = encoder.encode(entry.text);
    if (bytes.length <= left) {
      out.push(entry);
      left -= bytes.length;
      continue;
    }
    // Cut on a character boundary: decode the allowed prefix, dropping a split last character.
    const cut = new TextDecoder().decode(bytes.slice(0, left)).replace(/\ufffd$/, '');
    out.push({ ...entry, text: cut });
    break;
  }
  return out;
}

/** The reads bound to one vault (OpenVault.fileTexts). */
export function createFileTextReads(db: VaultDb) {
  return {
    extractedText: (fileId: string) => extractedTextOf(db, fileId),
    attachmentTextFor: (noteId: string, maxBytes?: number) => attachmentTextFor(db, noteId, maxBytes),
  };
}

export type FileTextReads = ReturnType<typeof createFileTextReads>;
