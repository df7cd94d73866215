import type { OpContext } from './context';
import { type ArgsOf, argsSchemaOf, callTextOf, misplacedRequiredParam, type ParamDef } from './positional';
import { fail, type OpError, type Result } from './result';
import type { ArgsArraySchema } from './schema';
import { ARGS_ROOT, createValidator } from './validator';

interface CommonFields<Ps extends readonly ParamDef[], R> {
  /** `namespace.verb`, as listed in spec 4.4 and 4.5 */
  name: string;
  summary: string;
  params: Ps;
  /** Runs only with args that passed the schema; errors come back as values. */
  handler: (args: ArgsOf<Ps>, ctx: OpContext) => Promise<Result<R>> | Result<R>;
}

/** Reads never ask for approval (spec 5.1). */
export interface ReadOperationInput<Ps extends readonly ParamDef[], R> extends CommonFields<Ps, R> {
  kind: 'read';
}

export interface WriteOperationInput<Ps extends readonly ParamDef[], R> extends CommonFields<Ps, R> {
  kind: 'write';
  requiresApproval: boolean;
  /** Deletes or discards data. Defaults from the verb: delete*, bulkDelete*, remove*, reset*. */
  destructive?: boolean;
}

/** A defined operation with its types erased: what the registry holds. */
export interface Operation {
  readonly name: string;
  readonly summary: string;
  readonly kind: 'read' | 'write';
  readonly requiresApproval: boolean;
  readonly destructive: boolean;
  readonly call: string;
  readonly params: readonly { name: string; required: boolean }[];
  readonly argsSchema: ArgsArraySchema;
  /** Checks `args` against `argsSchema` without running anything. */
  check(args: unknown): OpError | null;
  /** Validates `args` against `argsSchema`, then runs the handler. A refusal runs nothing. */
  run(args: unknown, ctx: OpContext): Promise<Result<unknown>>;
}

const NAME = /^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/;
const DESTRUCTIVE_VERB = /\.(delete|bulkDelete|remove|reset)/;

/**
 * Defines one desktop operation ONCE: the params give the args schema, the call text and the
 * handler's argument types, so none of them can drift from another. Throws (a broken invariant,
 * at module load) on a malformed name, a required param after an optional one, or a schema Ajv
 * refuses to compile.
 */
export function defineOperation<const Ps extends readonly ParamDef[], R>(
  input: ReadOperationInput<Ps, R> | WriteOperationInput<Ps, R>,
): Operation {
  if (!NAME.test(input.name)) throw new Error(`operation name ${input.name} is not namespace.verb`);
  const misplaced = misplacedRequiredParam(input.params);
  if (misplaced !== null)
    throw new Error(`${input.name}: required param ${misplaced} follows an optional one`);
  const argsSchema = argsSchemaOf(input.params);
  const validate = createValidator(argsSchema, ARGS_ROOT);
  const handler = input.handler;
  return {
    name: input.name,
    summary: input.summary,
    kind: input.kind,
    requiresApproval: input.kind === 'write' ? input.requiresApproval : false,
    destructive: input.kind === 'write' ? (input.destructive ?? DESTRUCTIVE_VERB.test(input.name)) : false,
    call: callTextOf(input.name, input.params),
    params: input.params.map((p) => ({ name: p.name, required: p.required })),
    argsSchema,
    check: validate,
    async run(args, ctx) {
      const refusal = validate(args);
      if (refusal !== null) return { ok: false, error: refusal };
      try {
        // The schema was built from the same params that type the handler, and the value passed it.
        return await handler(args as ArgsOf<Ps>, ctx);
      } catch (cause) {
        return fail(
          'INTERNAL',
          `${input.name} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
          {
            operation: input.name,
          },
        );
      }
    },
  };
}
