import type { Plugin } from 'vite';

/**
 * Writes /mcp/tools.json into the build (then precached by the service worker): the machine-
 * readable tool description, from the same tool and operation definitions the vault worker runs.
 * The registry is built over an in-memory IndexedDB (fake-indexeddb) that nothing writes to.
 */
export function toolsDocumentPlugin(version: string): Plugin {
  return {
    name: 'cairn-tools-document',
    apply: 'build',
    async generateBundle() {
      const { IDBFactory, IDBKeyRange } = await import('fake-indexeddb');
      const { openVaultDb } = await import('../src/worker/db/schema');
      const { describeRegistry } = await import('../src/worker/agent/describeRegistry');
      const { buildToolsFile } = await import('../src/worker/agent/toolsFile');
      const db = openVaultDb('tools-document', new IDBFactory(), IDBKeyRange);
      try {
        const file = buildToolsFile(await describeRegistry(db), version);
        this.emitFile({
          type: 'asset',
          fileName: 'mcp/tools.json',
          source: `${JSON.stringify(file, null, 1)}\n`,
        });
      } finally {
        db.close();
      }
    },
  };
}
