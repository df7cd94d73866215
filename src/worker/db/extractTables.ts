import type { EntityTable } from 'dexie';

/** Where extraction of one file stands (spec 3, `extracted_text.status`). */
export type ExtractionStatus = 'extracting' | 'done' | 'failed';

/**
 * The text read from one filed PDF or image on this device (src/worker/extract). Never synced:
 * each device reads its own files ("PDFs and images match on the text read on this device").
 */
export interface FileTextRow {
  /** the filed file's id (a `notes` row whose fileType is pdf or image) */
  fileId: string;
  kind: 'pdf' | 'image';
  status: ExtractionStatus;
  /** why it failed, in words a user can act on; null unless failed */
  reason: string | null;
  /** one entry per PDF page; one entry for an image; empty until done */
  pages: string[];
  /** null until known */
  pageCount: number | null;
  /**
   * Starts made. Counted before a start, so a file whose extraction kills the worker (or the
   * tab) is not retried forever: after MAX_ATTEMPTS starts it is `failed`.
   */
  attempts: number;
  /** epoch ms of the last status change (the search indexer's catch-up follows it) */
  updated: number;
  /** PDFs: 1-based pages without a text layer whose text was read by OCR (absent before session 3) */
  ocrPages?: number[];
  /** PDFs: 1-based pages without a text layer left unread (over the OCR cap per file) */
  unreadPages?: number[];
  /** while a PDF's scanned pages are read: pages done of pageCount (null otherwise) */
  progress?: { page: number; pageCount: number } | null;
}

export interface ExtractTables {
  fileTexts: EntityTable<FileTextRow, 'fileId'>;
}

/** Applied as schema version 7 (schema.ts): `status` finds files left extracting by a crash. */
export const EXTRACT_TABLES: Record<string, string> = {
  fileTexts: 'fileId, status, updated',
};
