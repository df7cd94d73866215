import type { McpToolsFile } from '../../sw/mcp/bridgeMessages';
import type { Registry } from '../ops/registry';
import { createAgentEndpoint } from '../tools/agentEndpoint';

/**
 * The /mcp/tools.json document for a registry: spec 9's description plus the `tools/list` answer
 * the service worker gives when no window is open. Written with the ports a tab provides (the
 * open note, files), so vault_get_current_note and vault_view_file are listed as a tab offers
 * them. The endpoint is only described, never called: the ports answer "nothing" and nothing
 * asks for approval.
 */
export function buildToolsFile(registry: Registry, version: string, endpoint = '/mcp'): McpToolsFile {
  const agent = createAgentEndpoint({
    registry,
    version,
    approve: async () => 'deny',
    ports: {
      currentNoteId: async () => null,
      files: {
        blob: async () => null,
        renderer: { render: async () => ({ ok: false, reason: 'unreadable', message: 'description only' }) },
      },
    },
  });
  return { ...agent.toolsDocument(endpoint), tools: agent.listTools() };
}
