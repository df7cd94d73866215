import * as Comlink from 'comlink';
import { onCleanup, onMount } from 'solid-js';
import type { AgentSession } from '../../worker/agent/agentSession';
import type { VaultClient } from '../vault/createVaultClient';
import { ApprovalDialog } from './ApprovalDialog';
import { approvalTimeoutFrom } from './approvalTimeout';
import { setAuditSource } from './auditSource';
import { createApprovalQueue } from './createApprovalQueue';
import { connectMcpPort, listenForMcp } from './mcpBridge';
import { pageMcpInbox } from './mcpInbox';
import { createPageAgent, installPageAgent, pageSession } from './pageAgent';
import { startWebMcp } from './webMcpSurface';

interface Props {
  client: VaultClient;
  /** the note open in this tab (vault_get_current_note) */
  noteId: () => string | null | undefined;
  /** called once the bridge listens (the app's `data-ready` waits for it) */
  onReady?: () => void;
}

/**
 * Connects this tab's agent surfaces to its vault worker: the /mcp bridge from the service
 * worker, `window.cairnAgent`, WebMCP registration, and the approval dialog they all wait on.
 * On unmount or page hide, pending requests are denied and WebMCP tools unregistered.
 */
export function AgentSurfaces(props: Props) {
  const queue = createApprovalQueue(approvalTimeoutFrom(location.search));
  const session: Promise<AgentSession> = props.client.api.connectAgent(
    Comlink.proxy({
      approve: (request: Parameters<typeof queue.ask>[0]) => queue.ask(request),
      currentNoteId: async () => props.noteId() ?? null,
    }),
  );
  const stops: (() => void)[] = [];
  onMount(() => {
    pageSession.set(session);
    installPageAgent(window, createPageAgent(pageSession.get));
    setAuditSource(() => async (limit: number) => (await session).auditLog(limit));
    const inbox = pageMcpInbox();
    if ('serviceWorker' in navigator && inbox !== null) {
      const port = connectMcpPort(navigator.serviceWorker, () => session);
      stops.push(
        port.stop,
        listenForMcp(inbox, () => session, port.offer),
      );
    }
    // aborted on unmount even while the tools are still being listed (a quick vault switch)
    const webMcp = new AbortController();
    stops.push(() => webMcp.abort());
    void session.then(async (s) => {
      const started = await startWebMcp(document, s, webMcp.signal);
      if (started !== null) document.documentElement.dataset.webmcpTools = String(started.registered.length);
    });
    const onHide = () => queue.denyAll();
    window.addEventListener('pagehide', onHide);
    stops.push(() => window.removeEventListener('pagehide', onHide));
    props.onReady?.();
  });
  onCleanup(() => {
    pageSession.clear(session);
    queue.denyAll();
    setAuditSource(null);
    for (const stop of stops) stop();
  });
  return <ApprovalDialog queue={queue} />;
}
