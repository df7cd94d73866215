import { isBridgeRequest, type McpBridgeReply } from '../../sw/mcp/bridgeMessages';
import type { AgentSession } from '../../worker/agent/agentSession';

type SessionRemote = Pick<AgentSession, 'handleJsonRpc'>;

/**
 * The page's half of the /mcp bridge: the service worker posts each JSON-RPC message routed to
 * this tab with a MessagePort; the vault worker answers it and the reply goes back on that port,
 * once. Returns the function that stops listening.
 */
export function listenForMcp(
  container: ServiceWorkerContainer,
  session: () => Promise<SessionRemote>,
): () => void {
  async function onMessage(event: MessageEvent) {
    if (!isBridgeRequest(event.data)) return;
    const port = event.ports[0];
    if (port === undefined) return;
    let reply: McpBridgeReply;
    try {
      const remote = await session();
      reply = { ok: true, response: await remote.handleJsonRpc(event.data.message, event.data.caller) };
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
