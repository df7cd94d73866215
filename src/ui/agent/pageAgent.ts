import type { AgentSession } from '../../worker/agent/agentSession';
import type { JsonRpcResponse } from '../../worker/tools/mcp/jsonRpc';
import { toCallToolResult } from '../../worker/tools/mcp/toolResult';
import type { ToolDescriptor } from '../../worker/tools/toolHost';

/** `window.cairnAgent`: for agents driving the page (CDP, Playwright). Frozen; calls wait for approval like /mcp. */
export interface CairnAgent {
  listTools(): Promise<ToolDescriptor[]>;
  /** resolves to an MCP CallToolResult (errors as `isError: true`, never a throw) */
  callTool(name: string, args?: unknown): Promise<Record<string, unknown>>;
  handleJsonRpc(message: unknown): Promise<JsonRpcResponse | null>;
}

const PAGE = { kind: 'agent', surface: 'page' } as const;

export function createPageAgent(session: () => Promise<AgentSession>): CairnAgent {
  return Object.freeze({
    listTools: async () => (await session()).listTools(),
    callTool: async (name: string, args: unknown = {}) =>
      toCallToolResult(await (await session()).callTool(name, args, PAGE)),
    handleJsonRpc: async (message: unknown) => (await session()).handleJsonRpc(message, PAGE),
  });
}

declare global {
  interface Window {
    cairnAgent?: CairnAgent;
  }
}

/** Installs `window.cairnAgent` once, non-writable and non-configurable, so a script cannot swap it. */
export function installPageAgent(target: Window, agent: CairnAgent): void {
  if (target.cairnAgent !== undefined) return;
  Object.defineProperty(target, 'cairnAgent', {
    value: agent,
    writable: false,
    configurable: false,
    enumerable: true,
  });
}
