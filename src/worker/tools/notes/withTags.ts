import { setProperty } from '../../domain/notes/frontmatter/editFrontmatter';
import { readNote } from '../../domain/notes/frontmatter/readNote';
import type { Result } from '../../ops/result';

/**
 * vault_create_note's `tags` go into the frontmatter `tags` list (with any already there, in
 * order, without repeats), so the note carries them as the user would have written them.
 */
export function withTags(markdown: string, tags: readonly string[] | undefined): Result<string> {
  if (tags === undefined || tags.length === 0) return { ok: true, value: markdown };
  const existing = readNote(markdown).frontmatter.tags;
  const current = Array.isArray(existing) ? existing.filter((t): t is string => typeof t === 'string') : [];
  const merged = [...new Set([...current, ...tags])];
  const edited = setProperty(markdown, 'tags', merged);
  return edited.ok ? edited : { ok: false, error: { ...edited.error, field: 'tags' } };
}
