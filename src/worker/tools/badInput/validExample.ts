import type { SchemaNode } from '../../ops/schema';

export function typesOf(node: SchemaNode): string[] {
  if (node.anyOf !== undefined) return [...new Set(node.anyOf.flatMap(typesOf))];
  if (node.type === undefined) return [];
  return typeof node.type === 'string' ? [node.type] : [...node.type];
}

/** Strings that the usual patterns (dates, times, colours, ids) accept, tried when a schema has no examples. */
const PATTERN_CANDIDATES = ['2026-03-14', '09:30', '#1e90ff', '2026-03-14T09:30:00Z', 'a', 'abc', '1', 'a1'];

function exampleOfType(node: SchemaNode, type: string, full: boolean): unknown {
  switch (type) {
    case 'string':
      return 'a'.repeat(Math.max(node.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return node.minimum ?? (node.maximum !== undefined ? Math.min(node.maximum, 0) : 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const itemNode = typeof node.items === 'object' ? node.items : undefined;
      const prefix = (node.prefixItems ?? []).map((p) => validExample(p, full));
      const count = Math.max(node.minItems ?? 0, full ? 1 : 0, prefix.length);
      const capped = node.maxItems === undefined ? count : Math.min(count, node.maxItems);
      if (itemNode === undefined && prefix.length === 0) return [];
      return Array.from({ length: capped }, (_, i) =>
        i < prefix.length ? prefix[i] : validExample(itemNode ?? {}, full),
      );
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(node.required ?? []);
      // Required first, then optional ones while `maxProperties` allows (an "exactly one of" object).
      let room = (node.maxProperties ?? Number.POSITIVE_INFINITY) - required.size;
      for (const [key, child] of Object.entries(node.properties ?? {})) {
        if (required.has(key)) out[key] = validExample(child, full);
        else if (full && room > 0) {
          out[key] = validExample(child, full);
          room--;
        }
      }
      return out;
    }
    default:
      return null;
  }
}

/**
 * A value `node` accepts. `full` fills every optional property and at least one array item, so
 * that every nested field exists to be broken; otherwise only what is required. A `pattern`
 * cannot be inverted: its schema's `examples`, else a common string it accepts, else `null` (which
 * the generator's tests refuse as an invalid base).
 */
export function validExample(node: SchemaNode, full = true): unknown {
  if (node.examples !== undefined && node.examples.length > 0) return node.examples[0];
  if (node.const !== undefined) return node.const;
  if (node.enum !== undefined) return node.enum[0];
  if (node.anyOf !== undefined && node.anyOf.length > 0) return validExample(node.anyOf[0]!, full);
  if (node.pattern !== undefined) {
    const re = new RegExp(node.pattern, 'u');
    return PATTERN_CANDIDATES.find((c) => re.test(c)) ?? null;
  }
  const types = typesOf(node);
  const nonNull = types.find((t) => t !== 'null');
  if (nonNull !== undefined) return exampleOfType(node, nonNull, full);
  if (types.includes('null')) return null;
  return null;
}
