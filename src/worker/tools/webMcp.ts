import type { Result } from '../ops/result';
import type { ToolOutput } from './defineTool';
import { toCallToolResult } from './mcp/toolResult';
import { schemaSubsetBreaches } from './schemaSubset';
import type { ToolDescriptor } from './toolHost';

/** The part of WebMCP's `document.modelContext` Cairn uses (webmachinelearning.github.io/webmcp). */
export interface ModelContextPort {
  registerTool(tool: ModelContextTool, options?: { signal?: AbortSignal }): void;
  unregisterTool?(name: string): void;
}

export interface ModelContextTool {
  name: string;
  description: string;
  inputSchema: object;
  annotations: ToolDescriptor['annotations'];
  /** resolves to an MCP CallToolResult: errors as `isError: true`, never a throw */
  execute(input: object): Promise<Record<string, unknown>>;
}

export type CallTool = (name: string, args: unknown) => Promise<Result<ToolOutput>>;

/**
 * Registers every offered tool on WebMCP, each executing through `call` (the vault worker's agent
 * endpoint, as a WebMCP caller) so approvals and refusals are the same as over /mcp. A schema
 * outside the WebMCP subset is skipped and reported rather than registered broken. Aborting
 * `signal` (vault switch, page hide) unregisters them all.
 */
export function registerWebMcpTools(
  context: ModelContextPort,
  tools: readonly ToolDescriptor[],
  call: CallTool,
  signal: AbortSignal,
): { registered: string[]; skipped: { name: string; breaches: string[] }[] } {
  const registered: string[] = [];
  const skipped: { name: string; breaches: string[] }[] = [];
  for (const tool of tools) {
    const breaches = schemaSubsetBreaches(tool.inputSchema, tool.name);
    if (breaches.length > 0) {
      skipped.push({ name: tool.name, breaches });
      continue;
    }
    context.registerTool(
      {
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: tool.annotations,
        execute: async (input) => toCallToolResult(await call(tool.name, input)),
      },
      { signal },
    );
    registered.push(tool.name);
  }
  // Browsers that predate the `signal` option unregister by name; where the signal already did,
  // unregistering again may throw, which changes nothing.
  if (context.unregisterTool !== undefined) {
    const unregister = context.unregisterTool.bind(context);
    signal.addEventListener('abort', () => {
      for (const name of registered) {
        try {
          unregister(name);
        } catch {
          // already unregistered through the signal
        }
      }
    });
  }
  return { registered, skipped };
}
