import type { Caller } from '../../worker/ops/context';
import type { SerializedResponse } from '../../worker/tools/mcp/serializedResponse';
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

/**
 * `response` null: the message was a notification or a response (HTTP 202, no body). Otherwise
 * the response as JSON text, made by the side that made the response (the service worker sends
 * it as the body unchanged).
 */
export type McpBridgeReply =
  | { ok: true; response: SerializedResponse | null }
  | { ok: false; message: string };

export const MCP_BRIDGE_TYPE = 'cairn:mcp';

/**
 * Window → service worker, once per vault session: "answer my /mcp calls on this port". The port's
 * other end is in the tab's VAULT WORKER, so a call goes service worker → vault worker and back
 * without waking the page's main thread nor asking the Clients API (docs/agent-surfaces.md).
 */
export const MCP_PORT_TYPE = 'cairn:mcp-port';
/** Window → service worker: forget my port (page hide, vault switch). */
export const MCP_BYE_TYPE = 'cairn:mcp-bye';

/** Service worker → vault worker over a registered port; `rid` pairs the answer with the call. */
export interface McpPortRequest {
  rid: number;
  message: unknown;
  caller: Caller;
}

export interface McpPortReply {
  rid: number;
  reply: McpBridgeReply;
}

/** The precached description document at /mcp/tools.json: spec 9's document plus tools/list. */
export interface McpToolsFile extends ToolsDocument {
  /** the `tools/list` answer, used by the service worker when no window is open */
  tools: ToolDescriptor[];
}

export const TOOLS_FILE_PATH = '/mcp/tools.json';

function hasType(data: unknown, type: string): boolean {
  return data !== null && typeof data === 'object' && (data as { type?: unknown }).type === type;
}

export function isBridgeRequest(data: unknown): data is McpBridgeRequest {
  return hasType(data, MCP_BRIDGE_TYPE);
}

export const isPortOffer = (data: unknown): boolean => hasType(data, MCP_PORT_TYPE);
export const isBye = (data: unknown): boolean => hasType(data, MCP_BYE_TYPE);
