/** A selection range (anchor order does not matter: `from <= to`). */
export interface Span {
  from: number;
  to: number;
}

/**
 * Whether the markdown syntax of an element spanning the lines `[lineFrom, lineTo]` (the start
 * of its first line to the end of its last) is shown: it is while a selection touches one of
 * those lines, as in Obsidian's Live Preview, so the line being edited reads as source and every
 * other line reads as rendered. Reading view reveals nothing (`selections` empty). Pure.
 */
export function isRevealed(selections: readonly Span[], lineFrom: number, lineTo: number): boolean {
  for (const s of selections) if (s.from <= lineTo && s.to >= lineFrom) return true;
  return false;
}
