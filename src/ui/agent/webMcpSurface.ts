import type { AgentSession } from '../../worker/agent/agentSession';
import { type ModelContextPort, registerWebMcpTools } from '../../worker/tools/webMcp';

const WEBMCP = { kind: 'agent', surface: 'webmcp' } as const;

function modelContextOf(doc: Document): ModelContextPort | null {
  const candidate = (doc as Document & { modelContext?: Partial<ModelContextPort> }).modelContext;
  return typeof candidate?.registerTool === 'function' ? (candidate as ModelContextPort) : null;
}

/**
 * Registers every offered tool on `document.modelContext` (WebMCP) when the browser has it, until
 * `signal` aborts (vault switch, unload): then every tool is unregistered. A signal that aborts
 * while the tools are still being listed registers nothing (a switch right after opening must not
 * leave the old vault's tools behind). Null when the browser lacks WebMCP or it was aborted first.
 */
export async function startWebMcp(
  doc: Document,
  session: Pick<AgentSession, 'listTools' | 'callTool'>,
  signal: AbortSignal,
): Promise<{ registered: string[]; skipped: string[] } | null> {
  const context = modelContextOf(doc);
  if (context === null || signal.aborted) return null;
  const tools = await session.listTools();
  if (signal.aborted) return null;
  const { registered, skipped } = registerWebMcpTools(
    context,
    tools,
    (name, args) => session.callTool(name, args, WEBMCP),
    signal,
  );
  return { registered, skipped: skipped.map((s) => s.name) };
}
