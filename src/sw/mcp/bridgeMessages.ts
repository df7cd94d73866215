import type { Caller } from '../../worker/ops/context';
import type { JsonRpcResponse } from '../../worker/tools/mcp/jsonRpc';
import type { ToolDescriptor } from '../../worker/tools/toolHost';
import type { ToolsDocument } from '../../worker/tools/toolsDocument';

/**
 * The service worker → page message of the /mcp bridge. It comes with one MessagePort; the page
 * answers exactly once on it with an `McpBridgeReply`.
 */
export interface McpBridgeRequest {
  type: 'cairn:mcp';
  message: unknown;
  caller: Caller;
}

/** `response` null: the message was a notification or a response (HTTP 202, no body). */
export type McpBridgeReply = { ok: true; response: JsonRpcResponse | null } | { ok: false; message: string };

export const MCP_BRIDGE_TYPE = 'cairn:mcp';

/** The precached description document at /mcp/tools.json: spec 9's document plus tools/list. */
export interface McpToolsFile extends ToolsDocument {
  /** the `tools/list` answer, used by the service worker when no window is open */
  tools: ToolDescriptor[];
}

export const TOOLS_FILE_PATH = '/mcp/tools.json';

export function isBridgeRequest(data: unknown): data is McpBridgeRequest {
  return data !== null && typeof data === 'object' && (data as { type?: unknown }).type === MCP_BRIDGE_TYPE;
}
