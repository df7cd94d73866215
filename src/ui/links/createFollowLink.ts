import type { WikiTargetResolution } from '../../worker/domain/notes/links/resolveOperations';
import type { VaultClient } from '../vault/createVaultClient';

/**
 * Following links from the open note `sourceId`: a wiki link's target is resolved in the worker
 * (`notes.resolveWikiTarget`, relative to the source) and opened; a target that does not exist
 * yet is created, as Obsidian does (`Folder/Title` in that folder, a bare title in the vault root).
 */
export function createFollowLink(
  client: VaultClient,
  sourceId: string,
  open: (id: string) => void,
  onError: (message: string | null) => void,
) {
  async function create(target: string): Promise<void> {
    const slash = target.lastIndexOf('/');
    const title = target.slice(slash + 1).replace(/\.md$/i, '');
    const folderPath = slash === -1 ? '' : target.slice(0, slash);
    const res = await client.api.createNote({ title, folderPath });
    if (!res.ok) return onError(`Cannot create “${target}”: ${res.error.message}`);
    onError(null);
    open(res.value.id);
  }

  return {
    create,
    async wiki(inner: string): Promise<void> {
      const res = await client.api.read('notes.resolveWikiTarget', [inner, sourceId]);
      if (!res.ok) return onError(res.error.message);
      const hit = res.value as WikiTargetResolution;
      if (hit.id !== null) {
        onError(null);
        if (hit.id !== sourceId) open(hit.id);
        return;
      }
      if (hit.title.trim() !== '') await create(hit.title);
    },
  };
}
