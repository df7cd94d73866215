/**
 * Returns `text` with every code region blanked out (each character other than a line break
 * replaced by a space), so scanners for links and tags skip code and still report offsets into
 * the original text. Code regions: fenced blocks (``` or ~~~, closed by a fence of the same
 * character at least as long, or running to the end), inline code spans (a backtick run closed by
 * a run of the same length, as CommonMark says), HTML comments and Obsidian `%%comments%%`.
 */
// Sticky: tried exactly at a line start, no substring per line.
const FENCE = / {0,3}(`{3,}|~{3,})/y;

export function maskCode(text: string): string {
  // Ranges are collected, then the result is built from slices: cheap even for multi-MB notes.
  const ranges: Array<[number, number]> = [];
  const blank = (from: number, to: number) => {
    if (to > from) ranges.push([from, to]);
  };
  let pos = 0;
  let inFence: { char: string; len: number } | null = null;
  let fenceStart = 0;
  const outside: Array<[number, number]> = [];
  let segStart = 0;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    const lineEnd = nl === -1 ? text.length : nl + 1;
    FENCE.lastIndex = pos;
    const fence = FENCE.exec(text);
    if (inFence) {
      const closes = fence?.[1] && fence[1][0] === inFence.char && fence[1].length >= inFence.len;
      if (closes && /^[ \t]*\r?\n?$/.test(text.slice(pos + (fence?.[0].length ?? 0), lineEnd))) {
        blank(fenceStart, lineEnd);
        inFence = null;
        segStart = lineEnd;
      }
    } else if (
      fence?.[1] &&
      !(fence[1][0] === '`' && text.slice(pos + fence[0].length, lineEnd).includes('`'))
    ) {
      outside.push([segStart, pos]);
      inFence = { char: fence[1][0] ?? '`', len: fence[1].length };
      fenceStart = pos;
    }
    pos = lineEnd;
  }
  if (inFence) blank(fenceStart, text.length);
  else outside.push([segStart, text.length]);
  for (const [from, to] of outside) maskInline(text, from, to, blank);
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a[0] - b[0]);
  let out = '';
  let done = 0;
  for (const [from, to] of ranges) {
    out += text.slice(done, from) + text.slice(from, to).replace(/[^\r\n]/g, ' ');
    done = to;
  }
  return out + text.slice(done);
}

function maskInline(text: string, from: number, to: number, blank: (a: number, b: number) => void): void {
  let i = from;
  while (i < to) {
    const c = text[i];
    if (c === '`') {
      let run = 1;
      while (text[i + run] === '`') run++;
      const close = findRun(text, '`', run, i + run, to);
      if (close === -1) {
        i += run;
        continue;
      }
      blank(i, close + run);
      i = close + run;
    } else if (c === '<' && text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      const stop = end === -1 || end >= to ? to : end + 3;
      blank(i, stop);
      i = stop;
    } else if (c === '%' && text[i + 1] === '%') {
      const end = text.indexOf('%%', i + 2);
      if (end === -1 || end >= to) {
        i += 2;
        continue;
      }
      blank(i, end + 2);
      i = end + 2;
    } else {
      i++;
    }
  }
}

/** Index of the next run of exactly `len` copies of `ch` in [from, to), or -1. */
function findRun(text: string, ch: string, len: number, from: number, to: number): number {
  let i = from;
  while (i < to) {
    if (text[i] !== ch) {
      i++;
      continue;
    }
    let run = 1;
    while (text[i + run] === ch) run++;
    if (run === len) return i;
    i += run;
  }
  return -1;
}
