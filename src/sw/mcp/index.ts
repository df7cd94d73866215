/// <reference lib="webworker" />
// Composition root of the /mcp bridge inside the service worker: wires the Clients API, the
// precache and the windows' ports into handleMcpHttp. Imported once by src/sw/sw.ts, before
// Workbox's routes, so POST /mcp is answered here and /mcp/tools.json stays with the precache.
import { matchPrecache } from 'workbox-precaching';
import { isBye, isPortOffer, type McpToolsFile, TOOLS_FILE_PATH } from './bridgeMessages';
import { handleMcpHttp } from './mcpHttp';
import type { ClientsLike } from './pickWindow';
import type { PortLike } from './portTarget';
import { createRoute, windowExists } from './route';
import { createSessions } from './sessions';
import { createWindowPortTable } from './windowPorts';

declare const self: ServiceWorkerGlobalScope;

const sessions = createSessions(() => crypto.randomUUID());
const clients = self.clients as unknown as ClientsLike;
const ports = createWindowPortTable((id) => windowExists(clients, id));

async function toolsFile(): Promise<McpToolsFile | null> {
  const cached =
    (await matchPrecache(TOOLS_FILE_PATH)) ?? (await fetch(TOOLS_FILE_PATH).catch(() => undefined));
  if (cached === undefined || !cached.ok) return null;
  return (await cached.json()) as McpToolsFile;
}

const route = createRoute(ports, clients);

self.addEventListener('message', (event) => {
  const source = event.source as Client | null;
  if (source === null) return;
  if (isPortOffer(event.data) && event.ports[0] !== undefined) {
    ports.register(source.id, event.ports[0] as unknown as PortLike);
    // Windows that went away without saying goodbye leave ports behind: drop them now.
    void clients
      .matchAll({ type: 'window', includeUncontrolled: false })
      .then((all) => ports.prune(new Set(all.map((w) => w.id))));
  } else if (isBye(event.data)) {
    ports.forget(source.id);
  }
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || (url.pathname !== '/mcp' && url.pathname !== '/mcp/')) return;
  event.respondWith(
    handleMcpHttp(event.request, event.clientId, {
      origin: self.location.origin,
      route,
      toolsFile,
      sessions,
    }),
  );
});
