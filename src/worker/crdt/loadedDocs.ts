import type * as Y from 'yjs';

/**
 * The documents this tab's worker holds in memory (the notes open in its editor, and the last
 * few written), at most `capacity`, least recently used dropped first. A dropped document is
 * simply reloaded from the store the next time it is needed.
 */
export function createLoadedDocs(capacity = 32) {
  const docs = new Map<string, Y.Doc>();
  return {
    get(docId: string): Y.Doc | undefined {
      const doc = docs.get(docId);
      if (doc) {
        docs.delete(docId);
        docs.set(docId, doc);
      }
      return doc;
    },
    set(docId: string, doc: Y.Doc) {
      docs.delete(docId);
      docs.set(docId, doc);
      while (docs.size > capacity) {
        const [oldest, d] = docs.entries().next().value as [string, Y.Doc];
        docs.delete(oldest);
        d.destroy();
      }
    },
    drop(docId: string) {
      docs.get(docId)?.destroy();
      docs.delete(docId);
    },
  };
}
