import type { Caller } from '../../worker/ops/context';
import { handleJsonRpc } from '../../worker/tools/mcp';
import { failure, PARSE_ERROR } from '../../worker/tools/mcp/jsonRpc';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../../worker/tools/mcp/protocolVersion';
import { type SerializedResponse, serializeResponse } from '../../worker/tools/mcp/serializedResponse';
import type { McpToolsFile } from './bridgeMessages';
import { offlineHost } from './offlineHost';
import type { McpTarget } from './portTarget';
import type { McpSessions } from './sessions';

export interface McpHttpDeps {
  /** this app's origin, e.g. https://cairn.example */
  origin: string;
  /**
   * Where the request is answered: the calling tab's vault worker (over its registered port when it
   * has one, else through the window), another window when the caller is none, or null when no
   * window is open.
   */
  route(clientId: string): McpTarget | null | Promise<McpTarget | null>;
  /** the precached /mcp/tools.json, or null when it cannot be read */
  toolsFile(): Promise<McpToolsFile | null>;
  sessions: McpSessions;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

const encoder = new TextEncoder();

/** Bodies up to this size are streamed (see bodyOf); a 79 KB one measured slower as a stream. */
export const STREAMED_BODY_MAX_BYTES = 32 * 1024;

/**
 * A small body goes out as a stream. Chromium turns a service worker's string body into a blob
 * registered in the browser process (BlobRegistry::Register), which the page's loader then reads
 * back; a stream reaches the page over a data pipe, without that round trip: ~0.5 ms less per
 * call for replies of a few KB. A large one stays a string: vault_desktop_describe's 79 KB reply
 * took 3.1-12.2 ms p50 (p95 23-30 ms) as a stream against 3.4-3.5 (p95 6-7) as a blob, the pipe
 * being filled in several turns (docs/agent-tools.md, "Figures (issue 6)").
 */
function bodyOf(text: string): BodyInit {
  const bytes = encoder.encode(text);
  if (bytes.byteLength > STREAMED_BODY_MAX_BYTES) return text;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return jsonText(status, JSON.stringify(body), headers);
}

function jsonText(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(bodyOf(body), {
    status,
    headers: { ...NO_STORE, 'Content-Type': 'application/json', ...headers },
  });
}

function plain(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(bodyOf(text), {
    status,
    headers: { ...NO_STORE, 'Content-Type': 'text/plain', ...headers },
  });
}

function initializeClientName(message: unknown): string | undefined {
  const m = message as { method?: unknown; params?: { clientInfo?: { name?: unknown } } } | null;
  const name = m?.method === 'initialize' ? m.params?.clientInfo?.name : undefined;
  return typeof name === 'string' && name !== '' ? name.slice(0, 100) : undefined;
}

/**
 * MCP Streamable HTTP at same-origin /mcp, JSON responses only (no SSE): POST carries one
 * JSON-RPC message; a notification or response is answered 202 with no body. The call runs in
 * the calling tab's vault worker; with no window open the service worker answers initialize,
 * ping and tools/list itself and refuses tools/call with NO_WINDOW. A foreign Origin gets 403.
 */
export async function handleMcpHttp(
  request: Request,
  clientId: string,
  deps: McpHttpDeps,
): Promise<Response> {
  const origin = request.headers.get('Origin');
  if (origin !== null && origin !== deps.origin)
    return plain(403, 'Forbidden: /mcp answers its own origin only');
  if (request.method !== 'POST')
    return plain(405, 'Method Not Allowed: POST a JSON-RPC message', { Allow: 'POST' });
  const version = request.headers.get('MCP-Protocol-Version');
  if (version !== null && !(SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
    return plain(
      400,
      `Unsupported MCP-Protocol-Version ${version}; supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}`,
    );
  }
  // Routing needs no body: start it while the body is read.
  const routed = Promise.resolve(deps.route(clientId));
  routed.catch(() => {}); // awaited below; not left unhandled when the body is refused first
  let message: unknown;
  try {
    message = JSON.parse(await request.text());
  } catch {
    return json(400, failure(null, PARSE_ERROR, 'Parse error: the body is not JSON'));
  }

  const newName = initializeClientName(message);
  const sessionHeader = request.headers.get('Mcp-Session-Id');
  const clientName = newName ?? (sessionHeader === null ? undefined : deps.sessions.nameOf(sessionHeader));
  const target = await routed;
  const caller: Caller = {
    kind: 'agent',
    surface: 'mcp',
    ...(target === null ? {} : { clientId: target.windowId }),
    ...(clientName === undefined ? {} : { clientName }),
  };
  let response: SerializedResponse | null;
  if (target !== null) {
    response = await target.send(message, caller);
  } else {
    const file = await deps.toolsFile();
    const answered = await handleJsonRpc(message, {
      host: offlineHost(file),
      caller,
      version: file?.version ?? 'unknown',
    });
    response = answered === null ? null : serializeResponse(answered);
  }
  if (response === null) return new Response(null, { status: 202, headers: NO_STORE });
  // A session id is issued with a successful initialize: it carries the client's name to the
  // approval dialog on later calls. An unknown id is not an error (the worker may have restarted).
  const isInitialize =
    newName !== undefined || (message as { method?: unknown } | null)?.method === 'initialize';
  if (isInitialize && response.success) {
    return jsonText(200, response.json, { 'Mcp-Session-Id': deps.sessions.open(newName) });
  }
  return jsonText(200, response.json);
}
