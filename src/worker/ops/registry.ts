import type { OpContext, WriteContext } from './context';
import type { Operation } from './defineOperation';
import {
  describeOperation,
  listEntryOf,
  type OperationDescription,
  type OperationListEntry,
  toolOf,
} from './describeOperation';
import { nearestNames } from './nearestNames';
import { fail, ok, type Result } from './result';

/**
 * Every desktop operation, defined once, shared by the UI (through Comlink) and the agent tools.
 * An operation that is not built is not registered: describe, read and write know only what runs.
 */
export interface Registry {
  list(): readonly Operation[];
  get(name: string): Operation | undefined;
  /** Spec 4.3: one operation's description, or the list of all of them. */
  describe(): Result<OperationListEntry[]>;
  describe(name: string): Result<OperationDescription>;
  /** Runs a read operation; a write operation is refused with WRONG_TOOL and runs nothing. */
  read(name: string, args: unknown, ctx: OpContext): Promise<Result<unknown>>;
  /** Runs a write operation, asking `ctx.approve` first when it requires approval. */
  write(name: string, args: unknown, ctx: WriteContext): Promise<Result<unknown>>;
}

export function createRegistry(operations: readonly Operation[]): Registry {
  const byName = new Map<string, Operation>();
  for (const op of operations) {
    if (byName.has(op.name)) throw new Error(`operation ${op.name} is defined twice`);
    byName.set(op.name, op);
  }
  const sorted = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));

  function lookup(name: string): Result<Operation> {
    const op = byName.get(name);
    if (op !== undefined) return ok(op);
    return fail(
      'UNKNOWN_OPERATION',
      `No operation named ${JSON.stringify(name)}; vault_desktop_describe lists them`,
      {
        field: 'operation',
        operation: name,
        candidates: nearestNames(name, [...byName.keys()]),
      },
    );
  }

  function wrongTool(op: Operation): Result<never> {
    return fail('WRONG_TOOL', `${op.name} is a ${op.kind} operation; call it through ${toolOf(op)}`, {
      field: 'operation',
      operation: op.name,
      tool: toolOf(op),
    });
  }

  // The list of all operations is fixed once the registry is built: made on first use, frozen
  // (every caller gets the same object, and its JSON text is made once: serializedResponse.ts).
  let listed: Result<OperationListEntry[]> | null = null;
  function describe(): Result<OperationListEntry[]>;
  function describe(name: string): Result<OperationDescription>;
  function describe(name?: string): Result<OperationListEntry[] | OperationDescription> {
    if (name === undefined) {
      listed ??= ok(
        Object.freeze(sorted.map((op) => Object.freeze(listEntryOf(op)))) as OperationListEntry[],
      );
      return listed;
    }
    const found = lookup(name);
    return found.ok ? ok(describeOperation(found.value)) : found;
  }

  return {
    list: () => sorted,
    get: (name) => byName.get(name),
    describe,
    async read(name, args, ctx) {
      const found = lookup(name);
      if (!found.ok) return found;
      if (found.value.kind !== 'read') return wrongTool(found.value);
      return found.value.run(args, ctx);
    },
    async write(name, args, ctx) {
      const found = lookup(name);
      if (!found.ok) return found;
      const op = found.value;
      if (op.kind !== 'write') return wrongTool(op);
      if (op.requiresApproval) {
        // Validate before asking, so that the user is never asked about a call that cannot run.
        const refusal = op.check(args);
        if (refusal !== null) return { ok: false, error: refusal };
        const decision = await ctx.approve({
          operation: op.name,
          summary: op.summary,
          call: op.call,
          // it passed the args schema, so it is an array
          args: args as unknown[],
          destructive: op.destructive,
        });
        if (decision === 'deny') {
          return fail('APPROVAL_DENIED', `The user denied ${op.name}; nothing was changed`, {
            operation: op.name,
          });
        }
      }
      return op.run(args, ctx);
    },
  };
}
