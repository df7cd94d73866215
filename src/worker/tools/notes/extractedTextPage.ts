import type { ExtractedText } from '../../extract/fileTextReads';
import { utf8Length } from '../reply/jsonBytes';
import { pageText, READ_PAGE_BYTES } from './pageText';

/** One page of a PDF (or the one page of an image) in `extracted_text`. */
export interface ExtractedPage {
  page: number;
  text: string;
  /** set when the page alone was over the chunk size and only its start is given */
  truncated?: true;
}

export interface ExtractedChunk {
  extracted_text: ExtractedPage[];
  pages_read: number;
  next_page?: number;
}

/**
 * The pages from `fromPage` on that fit in one chunk of about 100 KB of UTF-8 text (always at
 * least one page; a page larger than a chunk is cut, never split across calls), and the page to
 * continue from. `pages_read` is how many pages this chunk holds.
 */
export function extractedChunk(
  text: ExtractedText,
  fromPage: number,
  maxBytes = READ_PAGE_BYTES,
): ExtractedChunk {
  const pages: ExtractedPage[] = [];
  let used = 0;
  for (let n = fromPage; n <= text.pages.length; n++) {
    const content = text.pages[n - 1] ?? '';
    const bytes = utf8Length(content);
    if (pages.length > 0 && used + bytes > maxBytes) break;
    if (bytes > maxBytes)
      pages.push({ page: n, text: pageText(content, maxBytes)[0] ?? '', truncated: true });
    else pages.push({ page: n, text: content });
    used += bytes;
  }
  const last = fromPage + pages.length - 1;
  return {
    extracted_text: pages,
    pages_read: pages.length,
    ...(last < text.pages.length ? { next_page: last + 1 } : {}),
  };
}
