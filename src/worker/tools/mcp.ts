import type { Caller } from '../ops/context';
import {
  failure,
  INTERNAL_ERROR,
  INVALID_PARAMS,
  type JsonRpcRequest,
  type JsonRpcResponse,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  success,
} from './mcp/jsonRpc';
import { parseMessage } from './mcp/parseMessage';
import { negotiateProtocolVersion } from './mcp/protocolVersion';
import { toCallToolResult } from './mcp/toolResult';
import type { ToolHost } from './toolHost';

export interface McpDeps {
  host: ToolHost;
  /** the window the request came from (the HTTP layer knows its clientId) */
  caller: Caller;
  /** the app version, shown as serverInfo.version */
  version: string;
  /**
   * Told who connected, so the HTTP layer can remember the client's name for later requests (a
   * session id header) and the approval dialog can show it as the caller.
   */
  onInitialize?: (client: InitializedClient) => void;
}

export interface InitializedClient {
  /** clientInfo.name, or null when the client sent none */
  name: string | null;
  version: string | null;
  protocolVersion: string;
}

function clientInfoField(params: Record<string, unknown>, key: 'name' | 'version'): string | null {
  const info = params.clientInfo;
  if (info === null || typeof info !== 'object') return null;
  const value = (info as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}

const INSTRUCTIONS =
  'Cairn vault tools. Reads need no approval; every write waits for the user. Cite what you read with href or source_ref. ' +
  'vault_desktop_describe lists the desktop operations reachable through vault_desktop_read and vault_desktop_write.';

async function answer(request: JsonRpcRequest, deps: McpDeps): Promise<JsonRpcResponse> {
  const { id, method, params = {} } = request;
  switch (method) {
    case 'initialize': {
      const protocolVersion = negotiateProtocolVersion(params.protocolVersion);
      deps.onInitialize?.({
        name: clientInfoField(params, 'name'),
        version: clientInfoField(params, 'version'),
        protocolVersion,
      });
      return success(id, {
        protocolVersion,
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: 'cairn', title: 'Cairn', version: deps.version },
        instructions: INSTRUCTIONS,
      });
    }
    case 'ping':
      return success(id, {});
    case 'tools/list':
      return success(id, { tools: deps.host.listTools() });
    case 'tools/call': {
      if (typeof params.name !== 'string')
        return failure(id, INVALID_PARAMS, 'params.name must be a tool name');
      const args = params.arguments ?? {};
      const outcome = await deps.host.callTool(params.name, args, deps.caller);
      // MCP reports an unknown tool as a protocol error; every other failure is a tool result.
      if (!outcome.ok && outcome.error.code === 'UNKNOWN_TOOL') {
        return failure(id, INVALID_PARAMS, outcome.error.message, { name: params.name });
      }
      return success(id, toCallToolResult(outcome));
    }
    default:
      return failure(id, METHOD_NOT_FOUND, `Method not found: ${method}`);
  }
}

/**
 * Answers one parsed JSON-RPC message: the response, or null for a notification or a response
 * (the HTTP layer then answers 202 with no body). Pure over its deps: no IO of its own.
 */
export async function handleJsonRpc(message: unknown, deps: McpDeps): Promise<JsonRpcResponse | null> {
  const parsed = parseMessage(message);
  if ('jsonrpc' in parsed) return parsed;
  if (parsed.kind !== 'request') return null;
  try {
    return await answer(parsed.request, deps);
  } catch (cause) {
    return failure(parsed.request.id, INTERNAL_ERROR, cause instanceof Error ? cause.message : String(cause));
  }
}

/** Same, from the request body text: unparseable JSON answers -32700. */
export async function handleJsonRpcText(text: string, deps: McpDeps): Promise<JsonRpcResponse | null> {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return failure(null, PARSE_ERROR, 'Parse error: the body is not JSON');
  }
  return handleJsonRpc(message, deps);
}
