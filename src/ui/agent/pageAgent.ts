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

/**
 * The agent session of the vault this tab shows now. `window.cairnAgent` is installed once and
 * frozen, but a vault switch remounts the app (and its session) without a reload: the frozen
 * object reads this holder on every call, so it always reaches the open vault. A call made while
 * no vault is mounted (mid-switch) waits for the next one.
 */
export function createSessionHolder() {
  let current: Promise<AgentSession> | null = null;
  let waiting: ((s: Promise<AgentSession>) => void)[] = [];
  return {
    set(session: Promise<AgentSession>): void {
      current = session;
      for (const resolve of waiting) resolve(session);
      waiting = [];
    },
    /** clears only its own session: the next vault's mount may already have set its own */
    clear(session: Promise<AgentSession>): void {
      if (current === session) current = null;
    },
    get(): Promise<AgentSession> {
      return current ?? new Promise<Promise<AgentSession>>((resolve) => waiting.push(resolve)).then((s) => s);
    },
  };
}

/** this page's holder, shared by every mount of AgentSurfaces */
export const pageSession = createSessionHolder();

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
