import type { SchemaNode } from '../../../src/worker/ops/schema';

/** A valid value of `schema` different from `current`: what a round-trip test writes. */
export function otherValue(schema: SchemaNode, current: unknown): unknown {
  if (schema.enum) {
    const other = schema.enum.find((v) => v !== current);
    // a one-value enum (voice provider `none`) can only be written as itself
    return other ?? current;
  }
  if (schema.type === 'boolean') return !current;
  if (schema.type === 'integer') return current === schema.minimum ? schema.maximum : schema.minimum;
  if (schema.type === 'string') {
    const example = schema.examples?.find((e) => e !== current);
    if (example !== undefined) return example;
    return current === 'x' ? 'y' : 'x';
  }
  throw new Error(`no other value for schema ${JSON.stringify(schema)}`);
}

/** A value of the wrong type for `schema`. */
export function wrongType(schema: SchemaNode): unknown {
  return schema.type === 'string' ? 42 : 'wrong type';
}
