import type { McpToolsFile } from '../../sw/mcp/bridgeMessages';
import type { Registry } from '../ops/registry';
import { createAgentEndpoint } from '../tools/agentEndpoint';

/**
 * The /mcp/tools.json document for a registry: spec 9's description plus the `tools/list` answer
 * the service worker gives when no window is open. Written with a note port present, so
 * vault_get_current_note is listed as a tab offers it. Nothing here asks for approval: the
 * endpoint is only described, never called.
 */
export function buildToolsFile(registry: Registry, version: string, endpoint = '/mcp'): McpToolsFile {
  const agent = createAgentEndpoint({
    registry,
    version,
    approve: async () => 'deny',
    ports: { currentNoteId: async () => null },
  });
  return { ...agent.toolsDocument(endpoint), tools: agent.listTools() };
}
