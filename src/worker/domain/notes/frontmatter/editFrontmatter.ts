import { type Checked, refuse } from '../validationError';
import { findTopLevelPair, pairSpan, parseFrontmatterYaml, stringifyPair } from './frontmatterDocument';
import { joinFrontmatter, lineBreakOf, splitFrontmatter } from './splitFrontmatter';

/**
 * Edits of a note's source that keep everything they do not touch byte for byte: the YAML is
 * parsed with the `yaml` Document API only to locate the edited key, and the new text is
 * spliced into the original. Comments, key order, quoting, unknown keys and the body survive.
 */

/** Replaces the body; the frontmatter bytes (fences included) stay identical. */
export function replaceBody(source: string, body: string): string {
  const split = splitFrontmatter(source);
  return joinFrontmatter({ ...split, body });
}

/**
 * Sets one top-level property. An existing key keeps its place (and the comments around it); a
 * new key is appended at the end of the block; a note without frontmatter gains one.
 */
export function setProperty(source: string, key: string, value: unknown): Checked<string> {
  if (key.trim() === '') return refuse('key', 'A property name cannot be empty.', 'min length 1');
  if (value === undefined)
    return refuse('value', 'A property value cannot be undefined; remove the property.');
  const split = splitFrontmatter(source);
  const lb = lineBreakOf(source);
  const text = withLineBreak(stringifyPair(key, value), lb);
  if (!split.hasFrontmatter) {
    const fence = `---${lb}`;
    return {
      ok: true,
      value: joinFrontmatter({ head: fence, yaml: text, tail: fence, body: source, hasFrontmatter: true }),
    };
  }
  const parsed = parseFrontmatterYaml(split.yaml);
  if (!parsed.ok) return parsed;
  const pair = findTopLevelPair(parsed.value, key);
  const span = pair ? pairSpan(split.yaml, pair) : undefined;
  let yaml: string;
  if (span) {
    yaml = split.yaml.slice(0, span.start) + text + split.yaml.slice(span.end);
  } else {
    const base = split.yaml === '' || split.yaml.endsWith('\n') ? split.yaml : split.yaml + lb;
    yaml = base + text;
  }
  return { ok: true, value: joinFrontmatter({ ...split, yaml }) };
}

/** Removes one top-level property; a missing key leaves the source unchanged. */
export function removeProperty(source: string, key: string): Checked<string> {
  const split = splitFrontmatter(source);
  if (!split.hasFrontmatter) return { ok: true, value: source };
  const parsed = parseFrontmatterYaml(split.yaml);
  if (!parsed.ok) return parsed;
  const pair = findTopLevelPair(parsed.value, key);
  const span = pair ? pairSpan(split.yaml, pair) : undefined;
  if (!span) return { ok: true, value: source };
  const yaml = split.yaml.slice(0, span.start) + split.yaml.slice(span.end);
  return { ok: true, value: joinFrontmatter({ ...split, yaml }) };
}

function withLineBreak(text: string, lb: '\n' | '\r\n'): string {
  return lb === '\n' ? text : text.replace(/\r?\n/g, '\r\n');
}
