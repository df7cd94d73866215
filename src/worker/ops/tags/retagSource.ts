import { removeProperty, setProperty } from '../../domain/notes/frontmatter/editFrontmatter';
import { readNote } from '../../domain/notes/frontmatter/readNote';
import { splitFrontmatter } from '../../domain/notes/frontmatter/splitFrontmatter';
import { maskCode } from '../../domain/notes/markdown/maskCode';
import { normalizeTag, tagKey } from '../../domain/notes/tags';
import type { Checked } from '../../domain/notes/validationError';

/**
 * Renames (`to` a tag) or deletes (`to` null) a tag in one note's markdown, children included
 * (`#a/b` follows a rename of `a` to `x` as `#x/b`). Frontmatter `tags`/`tag` lists are edited
 * through the domain's faithful setProperty (a string value stays a string); inline `#tags` are
 * rewritten where the domain's tag rules find them (after whitespace or a line start, never in
 * code or comments). Everything else keeps its bytes. Returns the source unchanged when the note
 * does not carry the tag. Pure; the caller writes the result through the note's CRDT document.
 */
// Characters a tag may hold beside `/` (the domain's INLINE_TAG class, docs/notes.md).
const TAG_CHAR = '[\\p{L}\\p{N}_\\-\\p{Extended_Pictographic}\\p{M}\\ufe0f\\u200d]';

export function retagSource(source: string, from: string, to: string | null): Checked<string> {
  const fromKey = tagKey(from);
  const rename = (tag: string): string | null => {
    const key = tagKey(tag);
    if (key !== fromKey && !key.startsWith(`${fromKey}/`)) return tag;
    return to === null ? null : to + tag.slice(from.length);
  };
  let out = source;
  const { frontmatter, frontmatterError } = readNote(source);
  // A tag may hide in YAML we cannot read: refuse the note (the caller reports it) rather than half-edit it.
  if (frontmatterError) return { ok: false, error: frontmatterError };
  for (const [key, value] of Object.entries(frontmatter)) {
    const k = key.toLowerCase();
    if (k !== 'tags' && k !== 'tag') continue;
    const edited = retagValue(value, rename);
    if (edited === undefined) continue;
    const next = edited === null ? removeProperty(out, key) : setProperty(out, key, edited);
    if (!next.ok) return next;
    out = next.value;
  }
  const split = splitFrontmatter(out);
  const offset = out.length - split.body.length;
  const masked = maskCode(split.body);
  const pattern = new RegExp(`#(${escapeRegExp(from)})((?:/${TAG_CHAR}*)*)(?!${TAG_CHAR})`, 'giu');
  let body = '';
  let last = 0;
  for (const m of masked.matchAll(pattern)) {
    if (m.index > 0 && !/\s/.test(masked[m.index - 1] ?? '')) continue;
    if (tagKey(m[1] ?? '') !== fromKey) continue;
    const child = m[2] ?? '';
    body += split.body.slice(last, m.index) + (to === null ? '' : `#${to}${child}`);
    last = m.index + m[0].length;
  }
  if (last === 0) return { ok: true, value: out };
  body += split.body.slice(last);
  return { ok: true, value: out.slice(0, offset) + body };
}

/** The edited value of a frontmatter tags property; undefined when unchanged, null when emptied. */
function retagValue(
  value: unknown,
  rename: (tag: string) => string | null,
): unknown[] | string | null | undefined {
  if (Array.isArray(value)) {
    let changed = false;
    const next: unknown[] = [];
    const seen = new Set<string>();
    for (const item of value) {
      if (typeof item !== 'string' || normalizeTag(item) === null) {
        next.push(item);
        continue;
      }
      const hash = item.trim().startsWith('#') ? '#' : '';
      const tag = normalizeTag(item) as string;
      const r = rename(tag);
      if (r !== tag) changed = true;
      // A merge may meet the target already listed: keep one.
      if (r !== null && !seen.has(tagKey(r))) next.push(hash + r);
      if (r !== null) seen.add(tagKey(r));
    }
    if (!changed) return undefined;
    return next.length === 0 ? null : next;
  }
  if (typeof value === 'string') {
    const parts = value.split(/[,\s]+/).filter((p) => p !== '');
    const seen = new Set<string>();
    const next = parts.flatMap((p) => {
      const tag = normalizeTag(p);
      if (tag === null) return [p];
      const r = rename(tag);
      if (r === null || seen.has(tagKey(r))) return [];
      seen.add(tagKey(r));
      return [(p.startsWith('#') ? '#' : '') + r];
    });
    if (next.join('\u0000') === parts.join('\u0000')) return undefined;
    return next.length === 0 ? null : next.join(value.includes(',') ? ', ' : ' ');
  }
  return undefined;
}

function escapeRegExp(s: string): string {
  // Only syntax characters: a `u` regex refuses other escapes (`\-`).
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
