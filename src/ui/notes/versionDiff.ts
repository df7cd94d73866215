import { diffLines } from 'diff';

/**
 * One run of lines in a version diff: kept, only in the version (removed since), only now (added
 * since), or a fold standing for `hidden` unchanged lines left out.
 */
export interface DiffRun {
  kind: 'same' | 'removed' | 'added' | 'fold';
  lines: string[];
  hidden: number;
}

/** Unchanged lines shown around a change; longer unchanged runs are folded. */
const CONTEXT = 2;

/**
 * The line diff from a version to the current text (the `diff` package's Myers diff), with long
 * unchanged runs folded to CONTEXT lines at each side, as a reader of "what changed since" wants.
 */
export function versionDiff(
  version: string,
  now: string,
): { runs: DiffRun[]; added: number; removed: number } {
  const runs: DiffRun[] = [];
  let added = 0;
  let removed = 0;
  // a last line without its line break is the same line as with one
  const withBreak = (t: string) => (t === '' || t.endsWith('\n') ? t : `${t}\n`);
  const parts = diffLines(withBreak(version), withBreak(now));
  const push = (kind: DiffRun['kind'], lines: string[], hidden = 0) => {
    if (lines.length > 0 || hidden > 0) runs.push({ kind, lines, hidden });
  };
  parts.forEach((p, i) => {
    const lines = p.value.replace(/\n$/, '').split('\n');
    if (p.added) {
      added += lines.length;
      push('added', lines);
    } else if (p.removed) {
      removed += lines.length;
      push('removed', lines);
    } else {
      const head = i > 0 ? CONTEXT : 0;
      const tail = i < parts.length - 1 ? CONTEXT : 0;
      if (lines.length <= head + tail + 1) push('same', lines);
      else {
        push('same', lines.slice(0, head));
        push('fold', [], lines.length - head - tail);
        push('same', lines.slice(lines.length - tail));
      }
    }
  });
  return { runs, added, removed };
}
