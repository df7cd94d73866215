import { ChangeFeed } from '../changes/changeFeed';
import type { VaultDb } from '../db/schema';
import { createDexieSearchStore } from '../indexing/dexieSearchStore';
import { createNoteTexts } from '../indexing/searchDocs';
import { createLinkReads } from '../links/linkReads';
import { createPropertyDefinitionStore } from '../ops/properties/propertyDefinitionStore';
import { createRegistry, type Registry } from '../ops/registry';
import { SearchIndex } from '../search/searchIndex';
import { createNoteBodies } from '../stores/noteBodies';
import { createNotesStore } from '../stores/notesStore';
import type { VaultServices } from '../vault/services';
import { vaultOperations } from '../vault/vaultOperations';

/**
 * The vault's registry built over a given database without opening a vault (no leader, no
 * indexer): what the build writes into /mcp/tools.json from the same operation definitions the
 * vault worker registers. The operation list is vaultOperations(), shared with openVault.ts.
 */
export async function describeRegistry(db: VaultDb): Promise<Registry> {
  // No channels: nothing is broadcast, since nothing here writes.
  const feed = new ChangeFeed('describe', null);
  const services: VaultServices = {
    vaultId: 'describe',
    db,
    feed,
    now: () => 0,
    newId: () => 'describe',
    deviceId: 'describe',
  };
  const bodies = createNoteBodies(services, null);
  const notes = createNotesStore({ ...services, bodies });
  const index = await SearchIndex.open({
    store: createDexieSearchStore(db),
    texts: createNoteTexts(db),
    now: () => 0,
  });
  const linkReads = createLinkReads(db, bodies.links);
  const propertyDefs = createPropertyDefinitionStore(db, feed, () => 0);
  feed.close();
  return createRegistry(
    vaultOperations({ services, notes, bodies, linkReads, propertyDefs, search: index, timeZone: 'UTC' }),
  );
}
