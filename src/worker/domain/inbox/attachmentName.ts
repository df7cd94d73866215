/** Characters a note attachment's name may not hold (the notes' name rules) or that break `![[…]]`. */
const RESERVED = /[\\/:*?"<>|[\]#^\p{Cc}]/gu;
const MAX = 200;

/**
 * The attachment name a filed capture's file takes in its note (attachments/<note_id>/<name>):
 * its capture name with reserved characters made `-`, no leading dots, at most 200 characters
 * with the extension kept; `fallback` when nothing is left. Pure.
 */
export function attachmentNameFor(fileName: string, fallback: string): string {
  const cleaned = fileName
    .replace(RESERVED, '-')
    .replace(/^[.\s]+/, '')
    .trim();
  const name = cleaned === '' ? fallback : cleaned;
  if (name.length <= MAX) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return `${name.slice(0, MAX - ext.length).trimEnd()}${ext}`;
}
