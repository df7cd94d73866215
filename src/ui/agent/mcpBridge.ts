import * as Comlink from 'comlink';
import {
  isBridgeRequest,
  MCP_BYE_TYPE,
  MCP_PORT_TYPE,
  type McpBridgeReply,
} from '../../sw/mcp/bridgeMessages';
import type { AgentSession } from '../../worker/agent/agentSession';
import { serializeResponse } from '../../worker/tools/mcp/serializedResponse';

type SessionRemote = Pick<AgentSession, 'handleJsonRpc'>;

/**
 * The page's half of the /mcp bridge, the slow path: when the service worker has no port from
 * this tab (it was restarted and forgot it), it posts each JSON-RPC message routed here with a
 * MessagePort; the vault worker answers it and the reply goes back on that port, once.
 * `onForgotten` is told, so the tab can offer its port again. Returns the function that stops.
 */
export function listenForMcp(
  container: ServiceWorkerContainer,
  session: () => Promise<SessionRemote>,
  onForgotten: () => void = () => {},
): () => void {
  async function onMessage(event: MessageEvent) {
    if (!isBridgeRequest(event.data)) return;
    const port = event.ports[0];
    if (port === undefined) return;
    onForgotten();
    let reply: McpBridgeReply;
    try {
      const remote = await session();
      const response = await remote.handleJsonRpc(event.data.message, event.data.caller);
      reply = { ok: true, response: response === null ? null : serializeResponse(response) };
    } catch (cause) {
      reply = { ok: false, message: cause instanceof Error ? cause.message : String(cause) };
    }
    port.postMessage(reply);
    port.close();
  }
  container.addEventListener('message', onMessage);
  // Messages from the service worker wait in a queue until the page says it is listening.
  container.startMessages();
  return () => container.removeEventListener('message', onMessage);
}

/**
 * The fast path: a MessageChannel whose one end goes to this tab's vault worker and the other to
 * the service worker, so /mcp calls from this tab go service worker → vault worker directly.
 * Offered again when a new service worker takes control, and on `offer()` (after the service
 * worker forgot it). `stop()` tells the service worker to forget it (page hide, vault switch).
 */
export function connectMcpPort(
  container: ServiceWorkerContainer,
  session: () => Promise<Pick<AgentSession, 'servePort'>>,
): { offer: () => void; stop: () => void } {
  let stopped = false;
  let offering = false;
  async function offerNow() {
    const controller = container.controller;
    if (controller === null || stopped) return;
    const channel = new MessageChannel();
    // The worker's end first: calls the service worker sends meanwhile wait in the port's queue.
    await (await session()).servePort(Comlink.transfer(channel.port1, [channel.port1]));
    controller.postMessage({ type: MCP_PORT_TYPE }, [channel.port2]);
  }
  const offer = () => {
    // One offer at a time; a burst of slow-path calls asks once.
    if (offering) return;
    offering = true;
    offerNow()
      .catch((err: unknown) => console.error('/mcp port offer failed', err))
      .finally(() => {
        offering = false;
      });
  };
  container.addEventListener('controllerchange', offer);
  offer();
  return {
    offer,
    stop() {
      stopped = true;
      container.removeEventListener('controllerchange', offer);
      container.controller?.postMessage({ type: MCP_BYE_TYPE });
    },
  };
}
