import { readNote } from '../domain/notes/frontmatter/readNote';
import type { FileType, SearchDoc } from './searchTypes';

/**
 * The SearchDoc of a stored note or filed file, so every caller indexes the same way: the body
 * without frontmatter; frontmatter property values (strings, numbers, lists of them) and the text
 * read from files or embeds go to `extra`; reasons to their own field.
 */
export interface IndexableItem {
  id: string;
  title: string;
  folder_path: string;
  file_type: FileType;
  /** markdown source (notes) */
  source?: string;
  /** extracted pdf pages or OCR text (filed files) */
  pages?: readonly string[];
  /** attachment_text of the note's embeds */
  attachment_text?: ReadonlyArray<{ file: string; text: string }>;
  reasons?: readonly string[];
}

export function searchDocOf(item: IndexableItem): SearchDoc {
  const read = item.source === undefined ? null : readNote(item.source);
  const properties = read ? propertyText(read.frontmatter) : '';
  const extra = [
    ...(properties === '' ? [] : [properties]),
    ...(item.pages ?? []),
    ...(item.attachment_text ?? []).map((a) => a.text),
  ];
  return {
    id: item.id,
    title: item.title,
    folder_path: item.folder_path,
    file_type: item.file_type,
    body: read?.body ?? '',
    extra,
    reasons: item.reasons ?? [],
  };
}

/** Property values worth finding (`status: waiting`, `aliases: [...]`), one per line. */
function propertyText(frontmatter: Record<string, unknown>): string {
  const out: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string' || typeof v === 'number') out.push(String(v));
    else if (Array.isArray(v))
      for (const x of v) if (typeof x === 'string' || typeof x === 'number') out.push(String(x));
  };
  for (const value of Object.values(frontmatter)) add(value);
  return out.join('\n');
}
