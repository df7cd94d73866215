/**
 * The shapes the search index takes and gives. A document is a note or a filed file; text read
 * from files (pdf pages, image OCR) and the `attachment_text` of embeds are extra fields of the
 * same entry, so a note is found by the text of what it embeds.
 */
export type FileType = 'markdown' | 'pdf' | 'image' | 'audio' | 'video';
export const FILE_TYPES: readonly FileType[] = ['markdown', 'pdf', 'image', 'audio', 'video'];

export interface SearchDoc {
  id: string;
  title: string;
  /** vault-relative, no leading slash, '' for the root */
  folder_path: string;
  file_type: FileType;
  /** markdown body without frontmatter ('' for files) */
  body: string;
  /** extracted pdf pages, OCR text, attachment_text of embeds: indexed, shown in snippets */
  extra?: readonly string[];
  /** reasons attached to the note (search.addReason), indexed as their own field */
  reasons?: readonly string[];
}

/** The text a snippet is cut from, read through the TextSource port at query time. */
export interface DocText {
  body: string;
  extra: readonly string[];
}

export interface TextSource {
  /**
   * texts of the given ids; ids that no longer exist are absent. `fileTypes`, when given, holds
   * each id's file type (same order), so a source can read only where that type's text lives.
   */
  getTexts(ids: readonly string[], fileTypes?: readonly FileType[]): Promise<Map<string, DocText>>;
}

export interface SearchQuery {
  query: string;
  /** 1..50 (spec 8); default 20 */
  limit?: number;
  /** only documents in this folder or below it */
  folder?: string;
  /** only these types; omitted = every type */
  file_types?: readonly FileType[];
  /** fuzzy matching of terms of 4+ characters; default true */
  fuzzy?: boolean;
  /** the last term also matches as a prefix (typing); default true for all terms of 2+ chars */
  prefix?: boolean;
}

export interface SearchHit {
  id: string;
  title: string;
  folder_path: string;
  file_type: FileType;
  score: number;
  /** markdown text with matched terms in `<mark>`; `&`, `<`, `>` of the source escaped */
  snippet: string;
  /** the indexed terms that matched (after prefix/fuzzy expansion) */
  terms: string[];
  /** the fields that matched: title, body, extra, reasons */
  fields: FieldName[];
  href: string;
  source_ref: { kind: 'note'; id: string; title: string; href: string };
}

/** Fields in packing order: the body first, so the common case packs to a small number. */
export const FIELDS = ['body', 'title', 'extra', 'reasons'] as const;
export type FieldName = (typeof FIELDS)[number];
/** Relevance weight of a match in each field (docs/search.md). */
export const FIELD_BOOST: Record<FieldName, number> = { title: 4, body: 1, extra: 0.8, reasons: 2 };
