import type { Subpath } from './parseLinks';

/**
 * The part of a body a link's subpath names, for previews and embeds: a heading's section (its
 * line up to the next heading of the same or a higher level), or the paragraph or list item that
 * ends with `^blockid`. Heading text compares case-insensitively, ignoring markdown emphasis and
 * the characters a link cannot hold. Returns null when the subpath is not found.
 */
export function sectionOf(body: string, subpath: Subpath): string | null {
  if (subpath === null) return body;
  const lines = body.split('\n');
  if (subpath.type === 'heading') {
    const want = headingKey(subpath.heading);
    let start = -1;
    let level = 0;
    for (let i = 0; i < lines.length; i++) {
      const m = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(lines[i] ?? '');
      if (!m) continue;
      const lvl = m[1]?.length ?? 1;
      if (start === -1) {
        if (headingKey(m[2] ?? '') === want) {
          start = i;
          level = lvl;
        }
      } else if (lvl <= level) {
        return lines.slice(start, i).join('\n').trimEnd();
      }
    }
    return start === -1 ? null : lines.slice(start).join('\n').trimEnd();
  }
  const marker = new RegExp(`(^|\\s)\\^${escapeRegExp(subpath.id)}\\s*$`);
  const at = lines.findIndex((l) => marker.test(l));
  if (at === -1) return null;
  // A marker alone on its line names the block above it (a table, a quote, a list).
  const own = (lines[at] ?? '').trim().startsWith('^');
  let end = own ? at - 1 : at;
  while (end >= 0 && (lines[end] ?? '').trim() === '') end--;
  let start = end;
  if (!/^\s*([-*+]|\d+\.)\s/.test(lines[end] ?? '') || own) {
    // A paragraph runs up to a blank line or a heading.
    while (start > 0 && (lines[start - 1] ?? '').trim() !== '' && !/^#{1,6}\s/.test(lines[start - 1] ?? ''))
      start--;
  }
  return lines
    .slice(start, end + 1)
    .join('\n')
    .replace(new RegExp(`\\s*\\^${escapeRegExp(subpath.id)}\\s*$`), '')
    .trimEnd();
}

function headingKey(text: string): string {
  return text
    .replace(/[*_`=~]/g, '')
    .replace(/[#^|[\]:]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
