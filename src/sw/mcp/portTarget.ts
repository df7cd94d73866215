import type { Caller } from '../../worker/ops/context';
import { failure, INTERNAL_ERROR } from '../../worker/tools/mcp/jsonRpc';
import {
  asSerialized,
  type SerializedResponse,
  serializeResponse,
} from '../../worker/tools/mcp/serializedResponse';
import type { McpPortReply, McpPortRequest } from './bridgeMessages';
import { WINDOW_REPLY_TIMEOUT_MS } from './forwardToWindow';

/** Where one /mcp message is answered: a tab's vault worker, over a port or through its window. */
export interface McpTarget {
  /** the window (client id) the call is answered in */
  windowId: string;
  /** the response as JSON text, or null for a notification (HTTP 202) */
  send(message: unknown, caller: Caller): Promise<SerializedResponse | null>;
}

/** The slice of MessagePort used here (injected in tests). */
export interface PortLike {
  postMessage(message: McpPortRequest): void;
  onmessage: ((event: MessageEvent<McpPortReply>) => void) | null;
  close(): void;
}

function idOf(message: unknown): string | number | null {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * Calls over one long-lived port to a tab's vault worker: each call gets a request id, answers
 * are matched by it, so calls may overlap (a write waiting for approval does not hold up reads).
 * A call unanswered within the time-out (the tab closed mid-call) yields a JSON-RPC error.
 */
export function createPortTarget(
  windowId: string,
  port: PortLike,
  timeoutMs = WINDOW_REPLY_TIMEOUT_MS,
): McpTarget & { close(): void } {
  let next = 1;
  const waiting = new Map<number, (reply: McpPortReply['reply']) => void>();
  port.onmessage = (event) => {
    const settle = waiting.get(event.data.rid);
    if (settle === undefined) return;
    waiting.delete(event.data.rid);
    settle(event.data.reply);
  };
  return {
    windowId,
    send(message, caller) {
      const rid = next++;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(rid);
          resolve(
            serializeResponse(failure(idOf(message), INTERNAL_ERROR, 'The Cairn tab did not answer in time')),
          );
        }, timeoutMs);
        waiting.set(rid, (reply) => {
          clearTimeout(timer);
          resolve(
            reply.ok
              ? asSerialized(reply.response)
              : serializeResponse(failure(idOf(message), INTERNAL_ERROR, reply.message)),
          );
        });
        port.postMessage({ rid, message, caller });
      });
    },
    close() {
      port.onmessage = null;
      port.close();
    },
  };
}
