import type { Operation } from './defineOperation';
import type { ArgsArraySchema } from './schema';

export type GenericTool = 'vault_desktop_read' | 'vault_desktop_write';

/** `vault_desktop_describe` with an operation: exactly the fields of spec 4.3. */
export interface OperationDescription {
  operation: string;
  summary: string;
  tool: GenericTool;
  call: string;
  requires_approval: boolean;
  params: { name: string; required: boolean }[];
  args_schema: ArgsArraySchema;
}

/** `vault_desktop_describe` without an operation: each operation with its tool and call shape. */
export interface OperationListEntry {
  operation: string;
  tool: GenericTool;
  call: string;
  requires_approval: boolean;
}

export function toolOf(op: Operation): GenericTool {
  return op.kind === 'read' ? 'vault_desktop_read' : 'vault_desktop_write';
}

export function describeOperation(op: Operation): OperationDescription {
  return {
    operation: op.name,
    summary: op.summary,
    tool: toolOf(op),
    call: op.call,
    requires_approval: op.requiresApproval,
    params: op.params.map((p) => ({ ...p })),
    args_schema: op.argsSchema,
  };
}

export function listEntryOf(op: Operation): OperationListEntry {
  return { operation: op.name, tool: toolOf(op), call: op.call, requires_approval: op.requiresApproval };
}
