import type { McpBridgeReply, McpPortReply, McpPortRequest } from '../../sw/mcp/bridgeMessages';
import type { Caller } from '../ops/context';
import type { JsonRpcResponse } from '../tools/mcp/jsonRpc';
import { serializeResponse } from '../tools/mcp/serializedResponse';

type Handle = (message: unknown, caller: Caller) => Promise<JsonRpcResponse | null>;

/**
 * The vault worker's end of a window's /mcp port: every request the service worker posts is
 * answered once, on the same port, with its `rid` and the response as JSON text (the service
 * worker's HTTP body, so neither side clones an object graph). Requests run concurrently.
 * Returns a stop.
 */
export function serveMcpPort(port: MessagePort, handle: Handle): () => void {
  port.onmessage = async (event: MessageEvent<McpPortRequest>) => {
    const { rid, message, caller } = event.data;
    let reply: McpBridgeReply;
    try {
      const response = await handle(message, caller);
      reply = { ok: true, response: response === null ? null : serializeResponse(response) };
    } catch (cause) {
      reply = { ok: false, message: cause instanceof Error ? cause.message : String(cause) };
    }
    port.postMessage({ rid, reply } satisfies McpPortReply);
  };
  return () => {
    port.onmessage = null;
    port.close();
  };
}
