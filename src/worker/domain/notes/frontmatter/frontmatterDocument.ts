import { Document, isMap, isScalar, type Pair, parseDocument, type YAMLMap } from 'yaml';
import { type Checked, refuse } from '../validationError';

/**
 * Reads the YAML of a frontmatter block into a `yaml` Document whose top level is a mapping.
 * Broken YAML or a top level that is not a mapping is refused: such a block cannot be edited
 * key by key, and the caller keeps the file as it is.
 */
export function parseFrontmatterYaml(yaml: string): Checked<Document.Parsed> {
  const doc = parseDocument(yaml, { prettyErrors: false, uniqueKeys: false });
  const first = doc.errors[0];
  if (first) return refuse('frontmatter', `The frontmatter is not valid YAML: ${first.message}`);
  if (doc.contents !== null && !isMap(doc.contents)) {
    return refuse('frontmatter', 'The frontmatter must be a mapping of property names to values.');
  }
  return { ok: true, value: doc };
}

/** Plain values of the frontmatter; `{}` when empty. Dates stay strings (yaml core schema). */
export function frontmatterData(doc: Document.Parsed): Record<string, unknown> {
  const data: unknown = doc.toJS({ maxAliasCount: 100 });
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return {};
  return data as Record<string, unknown>;
}

/** The top-level pair whose key is `key` (exact string match), with its source span. */
export function findTopLevelPair(doc: Document.Parsed, key: string): Pair | undefined {
  const map = doc.contents as YAMLMap | null;
  if (!map) return undefined;
  return map.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
}

/**
 * Where a top-level pair sits in `yaml`: from the start of the key's line to the end of the
 * value's last line (its line break included). Comments on lines before the key and after the
 * value belong to neighbours and are outside the span.
 */
export function pairSpan(yaml: string, pair: Pair): { start: number; end: number } | undefined {
  if (!isScalar(pair.key) || !pair.key.range) return undefined;
  const keyStart = pair.key.range[0];
  const value = pair.value as { range?: [number, number, number] } | null;
  const valueEnd = value?.range ? value.range[2] : pair.key.range[2];
  const start = yaml.lastIndexOf('\n', keyStart - 1) + 1;
  let end = valueEnd;
  if (end === 0 || yaml[end - 1] !== '\n') {
    const nl = yaml.indexOf('\n', end);
    end = nl === -1 ? yaml.length : nl + 1;
  }
  return { start, end };
}

/** One `key: value` block as YAML text, ending with a line break; long strings are not folded. */
export function stringifyPair(key: string, value: unknown): string {
  const text = new Document({ [key]: value }).toString({ lineWidth: 0 });
  return text.endsWith('\n') ? text : `${text}\n`;
}
