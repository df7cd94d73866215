import * as Comlink from 'comlink';
import {
  MCP_BYE_TYPE,
  MCP_PORT_TYPE,
  type McpBridgeReply,
  type McpBridgeRequest,
} from '../../sw/mcp/bridgeMessages';
import type { AgentSession } from '../../worker/agent/agentSession';
import { serializeResponse } from '../../worker/tools/mcp/serializedResponse';
import type { McpInbox } from './mcpInbox';

type SessionRemote = Pick<AgentSession, 'handleJsonRpc'>;

/**
 * The page's half of the /mcp bridge, the slow path: when the service worker has no port from
 * this tab (it was restarted and forgot it, or the tab was just loaded), it posts each JSON-RPC
 * message routed here with a MessagePort; the inbox (mcpInbox.ts) has held it since the page's
 * first script, the vault worker answers it and the reply goes back on that port, once.
 * `onForgotten` is told, so the tab can offer its port again. Returns the function that stops.
 */
export function listenForMcp(
  inbox: McpInbox,
  session: () => Promise<SessionRemote>,
  onForgotten: () => void = () => {},
): () => void {
  return inbox.serve(({ request, port }) => {
    onForgotten();
    void answer(request, port);
  });
  async function answer(request: McpBridgeRequest, port: MessagePort) {
    let reply: McpBridgeReply;
    try {
      const remote = await session();
      const response = await remote.handleJsonRpc(request.message, request.caller);
      reply = { ok: true, response: response === null ? null : serializeResponse(response) };
    } catch (cause) {
      reply = { ok: false, message: cause instanceof Error ? cause.message : String(cause) };
    }
    port.postMessage(reply);
    port.close();
  }
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
