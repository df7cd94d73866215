import { isBridgeRequest, type McpBridgeRequest } from '../../sw/mcp/bridgeMessages';

/** One slow-path /mcp request the service worker posted to this tab, and the port to answer on, once. */
export interface McpDelivery {
  request: McpBridgeRequest;
  port: MessagePort;
}

export interface McpInbox {
  /** Hands every held and every later request to `handle`, until the returned stop is called. */
  serve(handle: (delivery: McpDelivery) => void): () => void;
}

type MessageSource = Pick<ServiceWorkerContainer, 'addEventListener' | 'startMessages'>;

/**
 * Catches the service worker's slow-path /mcp requests from the page's first script on, and holds
 * them until the agent bridge serves them (issue 21). The browser enables the page's client message
 * queue by itself once the document is parsed; a request delivered after that with no listener is
 * dropped, and the service worker then waited 150 s for its answer. The bridge only listens once
 * the vault is open (a few hundred ms after a reload, seconds on a loaded machine), and calls made
 * right after a reload arrive in that gap. Requests that arrive between two vaults (a switch) wait
 * for the next one.
 */
export function openMcpInbox(container: MessageSource): McpInbox {
  const held: McpDelivery[] = [];
  let handler: ((delivery: McpDelivery) => void) | null = null;
  container.addEventListener('message', (event: MessageEvent) => {
    const port = event.ports[0];
    if (!isBridgeRequest(event.data) || port === undefined) return;
    const delivery = { request: event.data, port };
    if (handler === null) held.push(delivery);
    else handler(delivery);
  });
  container.startMessages();
  return {
    serve(handle) {
      handler = handle;
      for (const delivery of held.splice(0)) handle(delivery);
      return () => {
        if (handler === handle) handler = null;
      };
    },
  };
}

let pageInbox: McpInbox | null = null;

/** Called first thing by the page's entry (main.tsx), before anything waits. */
export function openPageMcpInbox(container: MessageSource): void {
  pageInbox ??= openMcpInbox(container);
}

/** This page's inbox; null where the page has no service worker support. */
export function pageMcpInbox(): McpInbox | null {
  return pageInbox;
}
