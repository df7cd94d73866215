import type { ArgsArraySchema, Infer, Schema } from './schema';

/**
 * One positional argument of a desktop operation: its name (shown in `call` and `params`), whether
 * it must be present, and the schema of its value.
 */
export interface ParamDef<S extends Schema = Schema, R extends boolean = boolean> {
  readonly name: string;
  readonly required: R;
  readonly schema: S;
}

type ArgOf<P> = P extends { required: true; schema: infer S extends Schema }
  ? Infer<S>
  : P extends { schema: infer S extends Schema }
    ? Infer<S> | undefined
    : never;

/** The handler's view of the validated args array: a tuple, optional trailing slots possibly undefined. */
export type ArgsOf<Ps extends readonly ParamDef[]> = { -readonly [K in keyof Ps]: ArgOf<Ps[K]> };

export const SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * The args-array schema of spec 4.3, built from the params so that the two can never disagree:
 * `prefixItems` one per param, `minItems` the number of required params, `maxItems` all of them,
 * `items: false` so that an extra argument is refused. An operation without arguments
 * has no `prefixItems` (2020-12 forbids an empty one) and `maxItems: 0`.
 */
export function argsSchemaOf(params: readonly ParamDef[]): ArgsArraySchema {
  return {
    $schema: SCHEMA_DIALECT,
    type: 'array',
    ...(params.length === 0 ? {} : { prefixItems: params.map((p) => p.schema) }),
    minItems: params.filter((p) => p.required).length,
    maxItems: params.length,
    items: false,
  };
}

/** `notes.list(options?)`: the call signature text of spec 4.3, a trailing ? marking an optional argument. */
export function callTextOf(name: string, params: readonly ParamDef[]): string {
  return `${name}(${params.map((p) => (p.required ? p.name : `${p.name}?`)).join(', ')})`;
}

/**
 * Positional args cannot skip a slot, so every required param must come before every optional one.
 * Returns the name of the first param that breaks the rule, or null.
 */
export function misplacedRequiredParam(params: readonly ParamDef[]): string | null {
  let optionalSeen = false;
  for (const p of params) {
    if (!p.required) optionalSeen = true;
    else if (optionalSeen) return p.name;
  }
  return null;
}
