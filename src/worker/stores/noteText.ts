import { readNote } from '../domain/notes/frontmatter/readNote';
import { noteDateFields } from '../domain/notes/noteDates';
import { aliasesOf } from '../domain/notes/noteHeader';
import { noteTags } from '../domain/notes/tags';
import { wordCount } from '../domain/notes/wordCount';
import { taskIdsInText } from '../domain/tasks/links/taskIdsInText';

/** The most a note's markdown may hold, in UTF-8 bytes: the sync snapshot cap (spec 8.2). */
export const MAX_NOTE_BYTES = 5 * 1024 * 1024;
const SNIPPET_CHARS = 160;

export interface DerivedText {
  snippet: string;
  wordCount: number;
  tags: string[];
  aliases: string[];
  properties: Record<string, unknown>;
  /** tasks the body links to (`svc://task/<id>`, `#/tasks/task/<id>`): a task's linkedNoteIds */
  linkedTaskIds: string[];
  /** the calendar's index keys of the date-valued properties (domain/notes/noteDates.ts) */
  dateKeys: string[];
  dateProps: string[];
}

/** What the list and tag views keep of a body, derived once per write, never on read. */
export function deriveText(markdown: string): DerivedText {
  const { frontmatter, body } = readNote(markdown);
  const flat = body
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  return {
    snippet: flat.length > SNIPPET_CHARS ? `${flat.slice(0, SNIPPET_CHARS - 1)}…` : flat,
    wordCount: wordCount(body),
    tags: noteTags(frontmatter, body),
    aliases: aliasesOf(frontmatter),
    properties: frontmatter,
    linkedTaskIds: taskIdsInText(body),
    ...noteDateFields(frontmatter),
  };
}

export const utf8Bytes = (s: string) => new TextEncoder().encode(s).byteLength;
