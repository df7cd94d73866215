/// <reference lib="webworker" />
// Composition root of the /mcp bridge inside the service worker: wires the Clients API, the
// precache and MessageChannels into handleMcpHttp. Imported once by src/sw/sw.ts, before
// Workbox's routes, so POST /mcp is answered here and /mcp/tools.json stays with the precache.
import { matchPrecache } from 'workbox-precaching';
import { type McpToolsFile, TOOLS_FILE_PATH } from './bridgeMessages';
import { forwardToWindow } from './forwardToWindow';
import { handleMcpHttp } from './mcpHttp';
import { type ClientsLike, pickWindow } from './pickWindow';
import { createSessions } from './sessions';

declare const self: ServiceWorkerGlobalScope;

const sessions = createSessions(() => crypto.randomUUID());

async function toolsFile(): Promise<McpToolsFile | null> {
  const cached =
    (await matchPrecache(TOOLS_FILE_PATH)) ?? (await fetch(TOOLS_FILE_PATH).catch(() => undefined));
  if (cached === undefined || !cached.ok) return null;
  return (await cached.json()) as McpToolsFile;
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || (url.pathname !== '/mcp' && url.pathname !== '/mcp/')) return;
  event.respondWith(
    handleMcpHttp(event.request, event.clientId, {
      origin: self.location.origin,
      findWindow: (clientId) => pickWindow(self.clients as unknown as ClientsLike, clientId),
      forward: (target, message, caller) => forwardToWindow(target, message, caller),
      toolsFile,
      sessions,
    }),
  );
});
