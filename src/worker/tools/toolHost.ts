import type { ApproveOperation, Caller } from '../ops/context';
import type { Registry } from '../ops/registry';
import { fail, type Result } from '../ops/result';
import type { Schema } from '../ops/schema';
import { previewOperation } from './approval/operationPreview';
import { type ApprovalPort, createApprovalGate } from './approvalGate';
import type { ToolAnnotations } from './catalog/toolSpec';
import type { Tool, ToolEnv, ToolOutput, ToolPorts } from './defineTool';

/** One entry of MCP `tools/list` (and of WebMCP registration). */
export interface ToolDescriptor {
  name: string;
  title: string;
  description: string;
  inputSchema: Schema;
  annotations: ToolAnnotations;
}

export interface ToolHost {
  /** The tools whose operations are all registered, in catalogue order. */
  listTools(): ToolDescriptor[];
  /**
   * Checks the arguments, asks approval when the tool (or, for vault_desktop_write, the operation)
   * requires it, then runs. A refusal or a denial runs nothing.
   */
  callTool(name: string, args: unknown, caller: Caller): Promise<Result<ToolOutput>>;
}

export interface ToolHostDeps {
  registry: Registry;
  tools: readonly Tool[];
  approve: ApprovalPort;
  /** what the tab provides; a tool needing a port it lacks is not offered */
  ports?: ToolPorts;
}

const alreadyApproved: ApproveOperation = async () => 'once';

export function createToolHost({ registry, tools, approve, ports = {} }: ToolHostDeps): ToolHost {
  const gate = createApprovalGate(approve);
  const byName = new Map<string, Tool>(tools.map((t) => [t.spec.name, t]));
  const offered = () => tools.filter((t) => t.available(registry, ports));

  function operationApproval(tool: Tool, caller: Caller): ApproveOperation {
    return async (request) => {
      // Read before the user decides: the summary names each argument, an edit shows its diff.
      const { summary, diff } = await previewOperation(registry, request, caller);
      return gate.ask(
        {
          caller,
          tool: tool.spec.name,
          summary,
          arguments: { operation: request.operation, args: request.args },
          ...(diff === undefined ? {} : { diff }),
          destructive: request.destructive,
        },
        `${tool.spec.name}:${request.operation}`,
      );
    };
  }

  return {
    listTools: () =>
      offered().map(({ spec }) => ({
        name: spec.name,
        title: spec.title,
        description: spec.description,
        inputSchema: spec.inputSchema,
        annotations: spec.annotations,
      })),

    async callTool(name, args, caller) {
      const tool = byName.get(name);
      if (tool === undefined || !tool.available(registry, ports)) {
        return fail(
          'UNKNOWN_TOOL',
          `No tool named ${JSON.stringify(name)}; tools/list names the available ones`,
        );
      }
      const refusal = tool.check(args);
      if (refusal !== null) return { ok: false, error: refusal };
      const env: ToolEnv = { registry, ports, caller, approve: operationApproval(tool, caller) };
      if (tool.spec.requiresApproval) {
        const { summary = tool.summarize(args), diff } = await tool.preview(args, env);
        const decision = await gate.ask(
          {
            caller,
            tool: name,
            summary,
            arguments: args,
            ...(diff === undefined ? {} : { diff }),
            destructive: tool.spec.annotations.destructiveHint,
          },
          name,
        );
        if (decision === 'deny')
          return fail('APPROVAL_DENIED', `The user denied ${name}; nothing was changed`);
        env.approve = alreadyApproved;
      }
      return tool.run(args, env);
    },
  };
}
