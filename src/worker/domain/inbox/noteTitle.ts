// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is replaced
const UNFIT = /[:*?"<>|[\]#^/\\\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * A capture's title made fit for a note title (docs/notes.md rules): the characters a note title
 * refuses become spaces, leading dots go, at most 200 characters; never empty.
 */
export function noteTitleOf(title: string): string {
  const cleaned = title
    .replace(UNFIT, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+\s*/, '');
  return [...cleaned].slice(0, 200).join('').trim() || 'Inbox capture';
}
