const VALUE_CHARS = 200;
const MAX_LINES = 40;

/** A value as the approval dialog shows it: JSON, cut to `max` characters. */
export function shortValue(value: unknown, max = VALUE_CHARS): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * The lines of `before` replaced by `after`: the common first and last lines are left out, the
 * rest shown as `- ` / `+ ` lines (at most 40 each). One block, so two edits far apart show the
 * lines between them too: the dialog needs what changed, not a minimal patch.
 */
function lineDiff(field: string, before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const shown = (lines: string[], sign: string) => [
    ...lines.slice(0, MAX_LINES).map((l) => `${sign} ${l}`),
    ...(lines.length > MAX_LINES ? [`${sign} … ${lines.length - MAX_LINES} more lines`] : []),
  ];
  return [
    `${field} (from line ${start + 1}):`,
    ...shown(a.slice(start, endA), '-'),
    ...shown(b.slice(start, endB), '+'),
  ];
}

/**
 * A `- before / + after` diff of the fields `changes` sets on `record`, one per changed field
 * (unchanged ones left out). Multi-line text is diffed by line. Null when nothing would change.
 */
export function fieldDiff(record: Record<string, unknown>, changes: Record<string, unknown>): string | null {
  const lines: string[] = [];
  for (const [field, after] of Object.entries(changes)) {
    const before = record[field];
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    if (typeof before === 'string' && typeof after === 'string' && (before + after).includes('\n')) {
      lines.push(...lineDiff(field, before, after));
    } else {
      lines.push(`${field}: - ${shortValue(before ?? null)} + ${shortValue(after)}`);
    }
  }
  return lines.length === 0 ? null : lines.join('\n');
}
