/**
 * What is being typed inside an unclosed `[[` before the cursor: a title (`[[Proj`), a heading
 * of a title (`[[Project#Pl`), or an alias (`[[Project|my`). `from` is where the completed text
 * starts, relative to the text given. Null outside a link. Pure.
 */
export type LinkQuery =
  | { kind: 'title'; query: string; from: number }
  | { kind: 'heading'; title: string; query: string; from: number }
  | { kind: 'alias'; title: string; query: string; from: number };

const OPEN = /\[\[([^[\]\n]*)$/;

export function linkQuery(before: string): LinkQuery | null {
  const m = OPEN.exec(before);
  if (!m) return null;
  const inner = m[1] ?? '';
  const start = m.index + 2;
  const bar = inner.indexOf('|');
  if (bar !== -1) {
    const target = inner.slice(0, bar);
    const hash = target.indexOf('#');
    return {
      kind: 'alias',
      title: (hash === -1 ? target : target.slice(0, hash)).trim(),
      query: inner.slice(bar + 1),
      from: start + bar + 1,
    };
  }
  const hash = inner.lastIndexOf('#');
  if (hash !== -1)
    return {
      kind: 'heading',
      title: inner.slice(0, inner.indexOf('#')).trim(),
      query: inner.slice(hash + 1),
      from: start + hash + 1,
    };
  return { kind: 'title', query: inner, from: start };
}

/** A note's headings, in order (ATX `#` headings outside fenced code). */
export function headingsOf(markdown: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const f = /^\s{0,3}(```|~~~)/.exec(line);
    if (f) {
      if (fence === null) fence = f[1]!;
      else if (f[1] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const h = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (h) out.push(h[1]!);
  }
  return out;
}
