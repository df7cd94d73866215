import { maskCode } from './markdown/maskCode';

/**
 * Tag rules (docs/notes.md): a tag is `#` followed by letters, digits, `_`, `-`, `/` or emoji,
 * preceded by the start of a line or whitespace, and not made of digits only (`#123` is not a
 * tag, `#y2024` is). Nested tags use `/` (`#area/work`); a trailing `/` is dropped. Tags compare
 * case-insensitively: the first spelling seen is kept for display, `tagKey` is the lookup key.
 * Code (fenced, inline), HTML comments and `%%comments%%` carry no tags; heading markers (`# `),
 * URL fragments (`/#x`) and `a#b` are not tags because `#` must follow whitespace.
 */
// Starts with the literal `#` so the engine can skip ahead fast; the whitespace rule is checked
// on the character before, which keeps multi-MB notes cheap.
const INLINE_TAG = /#((?:[\p{L}\p{N}_\-/\p{Extended_Pictographic}]|\p{M}|\ufe0f|\u200d)+)/gu;

export function normalizeTag(raw: string): string | null {
  const tag = raw.normalize('NFC').trim().replace(/^#+/, '').replace(/\/+$/, '').replace(/^\/+/, '');
  if (tag === '' || /^[\p{N}/]+$/u.test(tag) || /\s/.test(tag)) return null;
  return tag;
}

export function tagKey(tag: string): string {
  return tag.normalize('NFC').toLocaleLowerCase('en-US');
}

/** Inline `#tags` of a markdown body, in order of appearance, duplicates kept. */
export function inlineTags(body: string): string[] {
  const found: string[] = [];
  const masked = maskCode(body);
  for (const m of masked.matchAll(INLINE_TAG)) {
    if (m.index > 0 && !/\s/.test(masked[m.index - 1] ?? '')) continue;
    const tag = normalizeTag(m[1] ?? '');
    if (tag) found.push(tag);
  }
  return found;
}

/**
 * Tags from frontmatter properties `tags` and `tag` (any letter case): a list of strings, or one
 * string holding several tags separated by commas and/or spaces, as Obsidian accepts.
 */
export function frontmatterTags(frontmatter: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(frontmatter)) {
    const k = key.toLowerCase();
    if (k !== 'tags' && k !== 'tag') continue;
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (typeof item !== 'string' && typeof item !== 'number') continue;
      for (const part of String(item).split(/[,\s]+/)) {
        const tag = normalizeTag(part);
        if (tag) found.push(tag);
      }
    }
  }
  return found;
}

/** A note's tags: frontmatter first, then inline, deduplicated case-insensitively. */
export function noteTags(frontmatter: Record<string, unknown>, body: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of [...frontmatterTags(frontmatter), ...inlineTags(body)]) {
    const key = tagKey(tag);
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/** `a/b/c` → `a`, `a/b`, `a/b/c`: the parents a nested tag also counts under in the tag view. */
export function tagAncestors(tag: string): string[] {
  const parts = tag.split('/');
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

/**
 * The keys a note is listed under in the tag view: every tag's key and the keys of its parents,
 * deduplicated (for a multi-entry index: `#a/b` is found under `a` and `a/b`).
 */
export function tagIndexKeys(tags: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const tag of tags) for (const t of tagAncestors(tagKey(tag))) keys.add(t);
  return [...keys];
}
