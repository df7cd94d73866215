import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * A JSON Schema (draft 2020-12) written as a `const` object literal. The schema is the single
 * definition of a shape: Ajv validates with it, describe and tools/list show it, and its
 * TypeScript type comes from it through json-schema-to-ts.
 */
export type Schema = Exclude<JSONSchema, boolean>;

/** The TypeScript type a value has once it passed `S`. */
export type Infer<S extends Schema> = FromSchema<S>;

/** A schema, read as plain data (what the validator and the bad-input generator walk). */
export interface SchemaNode {
  type?: string | readonly string[];
  enum?: readonly unknown[];
  const?: unknown;
  properties?: Readonly<Record<string, SchemaNode>>;
  required?: readonly string[];
  additionalProperties?: boolean | SchemaNode;
  items?: boolean | SchemaNode;
  prefixItems?: readonly SchemaNode[];
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  anyOf?: readonly SchemaNode[];
  description?: string;
  /** a valid value; every schema with a `pattern` carries one, for the bad-input generator */
  examples?: readonly unknown[];
}

/** The args-array schema of a desktop operation (json-schema-to-ts predates `prefixItems`). */
export interface ArgsArraySchema {
  readonly $schema: string;
  readonly type: 'array';
  /** absent for an operation without arguments (JSON Schema forbids an empty prefixItems) */
  readonly prefixItems?: readonly Schema[];
  readonly minItems: number;
  readonly maxItems: number;
  readonly items: false;
}

/** Anything the validator compiles. */
export type AnySchema = Schema | ArgsArraySchema;

export function asNode(schema: AnySchema): SchemaNode {
  return schema as SchemaNode;
}
