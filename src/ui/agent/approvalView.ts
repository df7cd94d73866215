/** One line of an approval diff (worker/tools/approval/fieldDiff.ts) and how it is drawn. */
export type DiffLineKind = 'added' | 'removed' | 'same' | 'fold' | 'field';

export function diffLineKind(line: string): DiffLineKind {
  if (line.startsWith('+ ')) return 'added';
  if (line.startsWith('- ')) return 'removed';
  if (line.startsWith('  ')) return 'same';
  if (line.startsWith('… ')) return 'fold';
  return 'field';
}

/** A long text argument shown as written, out of the JSON where it would read as one escaped line. */
export interface LongText {
  /** where it sits in the arguments: `args[1].content` */
  path: string;
  text: string;
}

/** Past this, or with a line break, a string argument is shown as text below the JSON. */
const INLINE_CHARS = 120;

/**
 * The arguments for the dialog: JSON with each long or multi-line string replaced by a pointer,
 * and those strings listed with their path, so a note an agent writes reads as the note
 * (line breaks, quotes and all) instead of one escaped line.
 */
export function splitLongTexts(args: unknown): { json: string; texts: LongText[] } {
  const texts: LongText[] = [];
  const walk = (value: unknown, path: string): unknown => {
    if (typeof value === 'string' && (value.includes('\n') || value.length > INLINE_CHARS)) {
      texts.push({ path, text: value });
      return `(${value.length} characters, shown below as ${path})`;
    }
    if (Array.isArray(value)) return value.map((v, i) => walk(v, `${path}[${i}]`));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, walk(v, path === '' ? k : `${path}.${k}`)]),
      );
    return value;
  };
  const json = JSON.stringify(walk(args, ''), null, 2) ?? 'undefined';
  return { json, texts };
}
