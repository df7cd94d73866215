import { accept, type Checked, refuse } from '../validationError';

/**
 * Limits for note titles and folder names (docs/notes.md). A title is 1..200 characters
 * (spec 8, vault_rename_note.title); a folder path is at most 1000 characters, each segment
 * 1..200. Refused everywhere: control characters, `/` and `\` inside a name, names that are `.`
 * or `..` or start with `.` (hidden on disk), and the characters that cannot survive an export to
 * a file system or would break a wiki link: `: * ? " < > | [ ] # ^`.
 */
export const TITLE_MAX = 200;
export const SEGMENT_MAX = 200;
export const PATH_MAX = 1000;

const RESERVED = /[:*?"<>|[\]#^]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Checks one name (a title or a folder segment); returns it NFC-normalized and trimmed. */
export function checkName(raw: string, field: string, what: string, max: number): Checked<string> {
  const name = raw.normalize('NFC').trim();
  if (name === '') return refuse(field, `The ${what} cannot be empty.`, `1..${max} characters`);
  if ([...name].length > max) {
    return refuse(field, `The ${what} is longer than ${max} characters.`, `1..${max} characters`);
  }
  if (CONTROL.test(name)) return refuse(field, `The ${what} contains a control character.`);
  if (name === '.' || name === '..') return refuse(field, `The ${what} cannot be "${name}".`);
  if (name.startsWith('.')) return refuse(field, `The ${what} cannot start with a dot.`);
  if (/[/\\]/.test(name)) return refuse(field, `The ${what} cannot contain "/" or "\\".`);
  const bad = RESERVED.exec(name);
  if (bad) return refuse(field, `The ${what} cannot contain "${bad[0]}".`, 'no : * ? " < > | [ ] # ^');
  return accept(name);
}

export function checkTitle(raw: string, field = 'title'): Checked<string> {
  return checkName(raw, field, 'title', TITLE_MAX);
}
