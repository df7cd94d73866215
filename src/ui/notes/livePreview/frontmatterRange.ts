import type { Text } from '@codemirror/state';
import { splitFrontmatter } from '../../../worker/domain/notes/frontmatter/splitFrontmatter';

/** Frontmatter longer than this is not looked for (a 1 MB note is not copied on every keystroke). */
const LOOK = 64 * 1024;

/**
 * The end of the note's frontmatter block (past its closing fence's line break), 0 when there is
 * none: the same rule as the vault's (`splitFrontmatter`, docs/notes.md), so the block Live
 * Preview folds away is exactly what the Properties panel shows.
 */
export function frontmatterEnd(doc: Text): number {
  // most notes have none: a look at the first four characters before copying 64 KB
  const start = doc.sliceString(0, 4);
  if (!start.startsWith('---') && !start.startsWith('\uFEFF---')) return 0;
  const head = doc.sliceString(0, Math.min(doc.length, LOOK));
  const split = splitFrontmatter(head);
  if (!split.hasFrontmatter) return 0;
  return split.head.length + split.yaml.length + split.tail.length;
}
