import type { ValidationError } from '../validationError';
import { frontmatterData, parseFrontmatterYaml } from './frontmatterDocument';
import { splitFrontmatter } from './splitFrontmatter';

export interface ReadNote {
  /** the properties of the frontmatter; `{}` when absent or unreadable */
  frontmatter: Record<string, unknown>;
  body: string;
  /** set when a frontmatter block exists but is not a YAML mapping: the note still opens */
  frontmatterError?: ValidationError;
}

/**
 * What a note's source means: frontmatter properties and body. Never fails: a broken block is
 * reported next to an empty property set so the note stays readable and its text searchable.
 */
export function readNote(source: string): ReadNote {
  const split = splitFrontmatter(source);
  if (!split.hasFrontmatter) return { frontmatter: {}, body: split.body };
  const parsed = parseFrontmatterYaml(split.yaml);
  if (!parsed.ok) return { frontmatter: {}, body: split.body, frontmatterError: parsed.error };
  return { frontmatter: frontmatterData(parsed.value), body: split.body };
}
