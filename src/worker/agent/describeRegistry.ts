import { ChangeFeed } from '../changes/changeFeed';
import type { VaultDb } from '../db/schema';
import { createDexieSearchStore } from '../indexing/dexieSearchStore';
import { createNoteTexts } from '../indexing/searchDocs';
import { createLinkReads } from '../links/linkReads';
import { folderViewOperations } from '../ops/folderView/folderViewOperations';
import { graphOperations } from '../ops/graph/graphOperations';
import { linkOperations } from '../ops/links/linkOperations';
import { notesOperations } from '../ops/notes';
import { notePropertyOperations } from '../ops/properties/notePropertyOperations';
import { createPropertyDefinitionStore } from '../ops/properties/propertyDefinitionStore';
import { propertyOperations } from '../ops/properties/propertyOperations';
import { createRegistry, type Registry } from '../ops/registry';
import { searchOperations } from '../ops/search';
import { createNoteTagIndex } from '../ops/tags/noteTagIndex';
import { tagOperations } from '../ops/tags/tagOperations';
import { planningOperations } from '../planning';
import { SearchIndex } from '../search/searchIndex';
import { createNoteBodies } from '../stores/noteBodies';
import { createNotesStore } from '../stores/notesStore';
import type { VaultServices } from '../vault/services';

/**
 * The vault's registry built over a given database without opening a vault (no leader, no
 * indexer): what the build writes into /mcp/tools.json from the same operation definitions the
 * vault worker registers. Mirrors the composition in openVault.ts; keep the two in step.
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
  return createRegistry([
    ...notesOperations(notes),
    ...linkOperations(linkReads),
    ...graphOperations(linkReads),
    ...tagOperations(createNoteTagIndex(db, bodies)),
    ...propertyOperations(propertyDefs),
    ...notePropertyOperations(db, bodies, propertyDefs),
    ...folderViewOperations(db, notes, propertyDefs),
    ...searchOperations(index),
    ...planningOperations(services, 'UTC'),
  ]);
}
