import type { VaultPorts } from '../tools/defineTool';
import type { OpenVault } from '../vault/openVault';
import { createRenderWorker } from './render/createRenderWorker';
import { spawnRenderWorker } from './render/spawnRenderWorker';

/**
 * The vault's side of the agent tools' ports, built once per open vault and shared by every agent
 * session of the tab (one render worker, started on first use).
 */
export function createAgentVaultPorts(vault: Pick<OpenVault, 'notes' | 'fileTexts'>): VaultPorts {
  return {
    texts: {
      extractedText: (id) => vault.fileTexts.extractedText(id),
      attachmentTextFor: (noteId) => vault.fileTexts.attachmentTextFor(noteId),
    },
    files: {
      blob: (id) => vault.notes.getBlob(id),
      // Attachment names are matched case-insensitively, as notes.deleteAttachment matches them.
      async attachment(noteId, name) {
        const listed = await vault.notes.attachments.list(noteId);
        if (!listed.ok) return null;
        const key = name.toLowerCase();
        const entry = listed.value.find((a) => a.name.toLowerCase() === key);
        const blob = entry === undefined ? null : await vault.notes.getBlob(entry.id);
        return entry === undefined || blob === null ? null : { name: entry.name, blob };
      },
      renderer: createRenderWorker(spawnRenderWorker),
    },
  };
}
