import type { Caller } from '../../worker/ops/context';
import { failure, INTERNAL_ERROR } from '../../worker/tools/mcp/jsonRpc';
import {
  asSerialized,
  type SerializedResponse,
  serializeResponse,
} from '../../worker/tools/mcp/serializedResponse';
import { MCP_BRIDGE_TYPE, type McpBridgeReply, type McpBridgeRequest } from './bridgeMessages';
import type { WindowLike } from './pickWindow';

/**
 * Longer than the approval dialog's 120 s, so a call waiting for the user is never cut short
 * here; past it the tab is taken to be gone (closed mid-call, frozen).
 */
export const WINDOW_REPLY_TIMEOUT_MS = 150_000;

function idOf(message: unknown): string | number | null {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * Sends one JSON-RPC message to a tab over its own MessageChannel and waits for the single reply.
 * A tab that fails or does not answer in time yields a JSON-RPC internal error, never a hang.
 */
export function forwardToWindow(
  target: WindowLike,
  message: unknown,
  caller: Caller,
  timeoutMs = WINDOW_REPLY_TIMEOUT_MS,
): Promise<SerializedResponse | null> {
  const channel = new MessageChannel();
  const request: McpBridgeRequest = { type: MCP_BRIDGE_TYPE, message, caller };
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(
        serializeResponse(failure(idOf(message), INTERNAL_ERROR, 'The Cairn tab did not answer in time')),
      );
    }, timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<McpBridgeReply>) => {
      clearTimeout(timer);
      channel.port1.close();
      const reply = event.data;
      resolve(
        reply.ok
          ? asSerialized(reply.response)
          : serializeResponse(failure(idOf(message), INTERNAL_ERROR, reply.message)),
      );
    };
    target.postMessage(request, [channel.port2]);
  });
}
