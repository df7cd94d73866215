import type { Caller } from '../../worker/ops/context';
import { failure, INTERNAL_ERROR } from '../../worker/tools/mcp/jsonRpc';
import {
  asSerialized,
  type SerializedResponse,
  serializeResponse,
} from '../../worker/tools/mcp/serializedResponse';
import type { McpBridgeReply, McpPortReply, McpPortRequest } from './bridgeMessages';
import { WINDOW_REPLY_TIMEOUT_MS } from './forwardToWindow';
import { WINDOW_CHECK_MS, WINDOW_GONE_MESSAGE, type WindowAlive, watchWindow } from './windowWatch';

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

export interface PortTargetOptions {
  timeoutMs?: number;
  /** whether the port's window still exists; asked every `checkEveryMs` while calls wait */
  windowAlive?: WindowAlive;
  checkEveryMs?: number;
  /** told once when the window is found gone (the table then forgets this port) */
  onGone?: () => void;
}

function idOf(message: unknown): string | number | null {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

type Reply = McpBridgeReply | { gone: true };

/**
 * Calls over one long-lived port to a tab's vault worker: each call gets a request id, answers
 * are matched by it, so calls may overlap (a write waiting for approval does not hold up reads).
 * A call ends with a JSON-RPC error when its window is found gone (closed or crashed mid-call:
 * within `checkEveryMs`), and in any case after the time-out. Once gone, the port is closed and
 * every later call on it is answered with that error at once: nothing waits on a dead port.
 */
export function createPortTarget(
  windowId: string,
  port: PortLike,
  options: PortTargetOptions = {},
): McpTarget & { close(): void } {
  const {
    timeoutMs = WINDOW_REPLY_TIMEOUT_MS,
    windowAlive,
    checkEveryMs = WINDOW_CHECK_MS,
    onGone,
  } = options;
  let next = 1;
  let gone = false;
  let stopWatch: (() => void) | null = null;
  const waiting = new Map<number, (reply: Reply) => void>();
  const settle = (rid: number, reply: Reply) => {
    const done = waiting.get(rid);
    if (done === undefined) return;
    waiting.delete(rid);
    if (waiting.size === 0) {
      stopWatch?.();
      stopWatch = null;
    }
    done(reply);
  };
  const close = () => {
    stopWatch?.();
    stopWatch = null;
    port.onmessage = null;
    port.close();
  };
  port.onmessage = (event) => settle(event.data.rid, event.data.reply);
  const windowGone = () => {
    gone = true;
    close();
    for (const rid of [...waiting.keys()]) settle(rid, { gone: true });
    onGone?.();
  };
  return {
    windowId,
    send(message, caller) {
      if (gone)
        return Promise.resolve(
          serializeResponse(failure(idOf(message), INTERNAL_ERROR, WINDOW_GONE_MESSAGE)),
        );
      const rid = next++;
      return new Promise((resolve) => {
        const timer = setTimeout(
          () => settle(rid, { ok: false, message: 'The Cairn tab did not answer in time' }),
          timeoutMs,
        );
        waiting.set(rid, (reply) => {
          clearTimeout(timer);
          resolve(
            'gone' in reply
              ? serializeResponse(failure(idOf(message), INTERNAL_ERROR, WINDOW_GONE_MESSAGE))
              : reply.ok
                ? asSerialized(reply.response)
                : serializeResponse(failure(idOf(message), INTERNAL_ERROR, reply.message)),
          );
        });
        if (windowAlive !== undefined && stopWatch === null)
          stopWatch = watchWindow(windowAlive, windowGone, checkEveryMs);
        port.postMessage({ rid, message, caller });
      });
    },
    close,
  };
}
