import type { AgentSession } from '../../worker/agent/agentSession';
import { type ModelContextPort, registerWebMcpTools } from '../../worker/tools/webMcp';

const WEBMCP = { kind: 'agent', surface: 'webmcp' } as const;

function modelContextOf(doc: Document): ModelContextPort | null {
  const candidate = (doc as Document & { modelContext?: Partial<ModelContextPort> }).modelContext;
  return typeof candidate?.registerTool === 'function' ? (candidate as ModelContextPort) : null;
}

/**
 * Registers every offered tool on `document.modelContext` (WebMCP) when the browser has it; the
 * returned function unregisters them (vault switch, unload). Null when the browser lacks WebMCP.
 */
export async function startWebMcp(
  doc: Document,
  session: AgentSession,
): Promise<{ stop: () => void; registered: string[]; skipped: string[] } | null> {
  const context = modelContextOf(doc);
  if (context === null) return null;
  const controller = new AbortController();
  const tools = await session.listTools();
  const { registered, skipped } = registerWebMcpTools(
    context,
    tools,
    (name, args) => session.callTool(name, args, WEBMCP),
    controller.signal,
  );
  return { stop: () => controller.abort(), registered, skipped: skipped.map((s) => s.name) };
}
