import type { VaultPorts } from '../tools/defineTool';
import type { OpenVault } from '../vault/openVault';
import { createRenderWorker } from './render/createRenderWorker';
import { spawnRenderWorker } from './render/spawnRenderWorker';

/**
 * The vault's side of the agent tools' ports, built once per open vault and shared by every agent
 * session of the tab (one render worker, started on first use).
 */
export function createAgentVaultPorts(vault: Pick<OpenVault, 'notes'>): VaultPorts {
  return {
    files: {
      blob: (id) => vault.notes.getBlob(id),
      renderer: createRenderWorker(spawnRenderWorker),
    },
  };
}
