import type { Caller } from '../../worker/ops/context';
import { failure, INTERNAL_ERROR } from '../../worker/tools/mcp/jsonRpc';
import {
  asSerialized,
  type SerializedResponse,
  serializeResponse,
} from '../../worker/tools/mcp/serializedResponse';
import { MCP_BRIDGE_TYPE, type McpBridgeReply, type McpBridgeRequest } from './bridgeMessages';
import type { WindowLike } from './pickWindow';
import { WINDOW_CHECK_MS, WINDOW_GONE_MESSAGE, type WindowAlive, watchWindow } from './windowWatch';

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
 * A tab that fails yields a JSON-RPC internal error, never a hang: one found gone (`windowAlive`,
 * asked every `checkEveryMs`) at once, one that does not answer after the time-out.
 */
export function forwardToWindow(
  target: WindowLike,
  message: unknown,
  caller: Caller,
  options: { timeoutMs?: number; windowAlive?: WindowAlive; checkEveryMs?: number } = {},
): Promise<SerializedResponse | null> {
  const { timeoutMs = WINDOW_REPLY_TIMEOUT_MS, windowAlive, checkEveryMs = WINDOW_CHECK_MS } = options;
  const channel = new MessageChannel();
  const request: McpBridgeRequest = { type: MCP_BRIDGE_TYPE, message, caller };
  return new Promise((resolve) => {
    let stopWatch = () => {};
    const end = (response: SerializedResponse | null) => {
      clearTimeout(timer);
      stopWatch();
      channel.port1.onmessage = null;
      channel.port1.close();
      resolve(response);
    };
    const fail = (text: string) => end(serializeResponse(failure(idOf(message), INTERNAL_ERROR, text)));
    const timer = setTimeout(() => fail('The Cairn tab did not answer in time'), timeoutMs);
    if (windowAlive !== undefined)
      stopWatch = watchWindow(windowAlive, () => fail(WINDOW_GONE_MESSAGE), checkEveryMs);
    channel.port1.onmessage = (event: MessageEvent<McpBridgeReply>) => {
      const reply = event.data;
      if (reply.ok) end(asSerialized(reply.response));
      else fail(reply.message);
    };
    target.postMessage(request, [channel.port2]);
  });
}
