import type { SchemaNode } from './schema';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * A short human phrase for what a schema accepts, e.g. `string (1..200 characters)` or
 * `integer 1..50`, used as the `expected` of a refusal for a missing field.
 */
export function describeSchema(node: SchemaNode | undefined): string {
  if (node === undefined) return 'a value';
  if (node.enum !== undefined) return `one of ${node.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  const types = node.type === undefined ? [] : typeof node.type === 'string' ? [node.type] : [...node.type];
  const base = types.length === 0 ? 'a value' : types.join(' or ');
  const bounds: string[] = [];
  if (node.minLength !== undefined || node.maxLength !== undefined) {
    bounds.push(`${node.minLength ?? 0}..${node.maxLength ?? ''} characters`);
  }
  if (node.minimum !== undefined || node.maximum !== undefined) {
    bounds.push(`${node.minimum ?? ''}..${node.maximum ?? ''}`);
  }
  if (node.minItems !== undefined || node.maxItems !== undefined) {
    bounds.push(`${node.minItems ?? 0}..${node.maxItems ?? ''} items`);
  }
  if (node.pattern !== undefined) bounds.push(`matching ${node.pattern}`);
  return bounds.length === 0 ? base : `${base} (${bounds.join(', ')})`;
}

export function describeCount(n: number, word: string): string {
  return plural(n, word);
}
