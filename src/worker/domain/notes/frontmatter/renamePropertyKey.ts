import { isMap, isScalar, stringify } from 'yaml';
import { type Checked, refuse } from '../validationError';
import { parseFrontmatterYaml } from './frontmatterDocument';
import { joinFrontmatter, splitFrontmatter } from './splitFrontmatter';

/** Property names compare as definitions do: NFC, trimmed, case-insensitive. */
const keyOf = (name: string) => name.normalize('NFC').trim().toLowerCase();

export type KeyRename =
  | { changed: false }
  | { changed: true; source: string }
  /** the note already has a key named like `to` (other than `from` itself): renaming would merge two values */
  | { changed: false; clash: string };

/**
 * Renames one top-level frontmatter key, matched case-insensitively, by splicing the new key
 * over the old key's bytes only: the value, comments, order and body stay byte for byte.
 * Broken frontmatter is refused (VALIDATION, field `frontmatter`), as every key edit is.
 */
export function renamePropertyKey(source: string, from: string, to: string): Checked<KeyRename> {
  if (to.trim() === '') return refuse('to', 'A property name cannot be empty.', 'min length 1');
  const split = splitFrontmatter(source);
  if (!split.hasFrontmatter) return { ok: true, value: { changed: false } };
  const parsed = parseFrontmatterYaml(split.yaml);
  if (!parsed.ok) return parsed;
  const map = parsed.value.contents;
  const items = isMap(map) ? map.items : [];
  const named = (name: string) =>
    items.filter((p) => isScalar(p.key) && keyOf(String(p.key.value)) === keyOf(name));
  const [pair] = named(from);
  if (!pair || !isScalar(pair.key) || !pair.key.range) return { ok: true, value: { changed: false } };
  const clash = named(to).find((p) => p !== pair);
  if (clash && isScalar(clash.key))
    return { ok: true, value: { changed: false, clash: String(clash.key.value) } };
  const [start, end] = pair.key.range;
  const yaml = split.yaml.slice(0, start) + stringify(to.trim()).trimEnd() + split.yaml.slice(end);
  return { ok: true, value: { changed: true, source: joinFrontmatter({ ...split, yaml }) } };
}
