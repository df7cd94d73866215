import { diffLines } from 'diff';

const VALUE_CHARS = 200;
const MAX_LINES = 40;

/** A value as the approval dialog shows it: JSON, cut to `max` characters. */
export function shortValue(value: unknown, max = VALUE_CHARS): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Unchanged lines shown around each change; longer unchanged runs fold to one `…` line. */
const CONTEXT = 2;

/**
 * A line diff of `before` to `after` (the `diff` package's Myers diff): `- ` removed and `+ `
 * added lines, CONTEXT unchanged lines (`  `) around each change, longer unchanged runs folded to
 * `… N unchanged lines`. Two edits far apart show as two places, not one block of everything
 * between. At most MAX_LINES changed lines of each kind are listed; the rest are counted.
 */
function lineDiff(field: string, before: string, after: string): string[] {
  const withBreak = (t: string) => (t === '' || t.endsWith('\n') ? t : `${t}\n`);
  const parts = diffLines(withBreak(before), withBreak(after));
  const out = [`${field}:`];
  const shown = { '-': 0, '+': 0 };
  const hidden = { '-': 0, '+': 0 };
  const fold = (n: number) => {
    if (n > 0) out.push(`… ${n} unchanged ${n === 1 ? 'line' : 'lines'}`);
  };
  parts.forEach((p, i) => {
    const lines = p.value.replace(/\n$/, '').split('\n');
    if (p.added || p.removed) {
      const sign = p.added ? '+' : '-';
      for (const l of lines) {
        if (shown[sign] < MAX_LINES) {
          out.push(`${sign} ${l}`);
          shown[sign]++;
        } else hidden[sign]++;
      }
      return;
    }
    const head = i > 0 ? CONTEXT : 0;
    const tail = i < parts.length - 1 ? CONTEXT : 0;
    if (lines.length <= head + tail + 1) {
      for (const l of lines) out.push(`  ${l}`);
      return;
    }
    for (const l of lines.slice(0, head)) out.push(`  ${l}`);
    fold(lines.length - head - tail);
    for (const l of lines.slice(lines.length - tail)) out.push(`  ${l}`);
  });
  for (const sign of ['-', '+'] as const)
    if (hidden[sign] > 0) out.push(`${sign} … ${hidden[sign]} more lines`);
  return out;
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
