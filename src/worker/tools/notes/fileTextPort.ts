import type { AttachmentText, ExtractedText } from '../../extract/fileTextReads';

/**
 * The text extraction reads vault_read_note uses (src/worker/extract/fileTextReads.ts, bound to
 * the open vault): reads only, never waiting for an extraction to finish.
 */
export interface FileTextPort {
  /** status and pages of a filed PDF or image; null for a missing id or another type */
  extractedText(fileId: string): Promise<ExtractedText | null>;
  /** `attachment_text` of a markdown note (at most about 100 KB of text) */
  attachmentTextFor(noteId: string): Promise<AttachmentText[]>;
}
