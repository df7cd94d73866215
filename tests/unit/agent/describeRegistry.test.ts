import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { describeRegistry } from '../../../src/worker/agent/describeRegistry';
import { buildToolsFile } from '../../../src/worker/agent/toolsFile';
import { openMetaDb } from '../../../src/worker/db/meta';
import { openVaultDb } from '../../../src/worker/db/schema';
import { openVault } from '../../../src/worker/vault/openVault';

/** Web Locks with a single holder, as the browser grants them to the first tab. */
const locks = {
  request: (_name: string, _opts: unknown, cb: () => Promise<unknown>) => cb(),
} as unknown as LockManager;

describe('describeRegistry (what /mcp/tools.json is built from)', () => {
  it('holds exactly the operations an opened vault registers', async () => {
    let n = 0;
    const vault = await openVault(
      {
        meta: openMetaDb(),
        locks,
        openChannel: (name) => new BroadcastChannel(name),
        now: () => Date.now(),
        newId: () => `id-${++n}`,
      },
      null,
    );
    const opened = vault.registry.list().map((op) => op.name);
    await (await vault.search).settled();
    vault.close();

    const db = openVaultDb('describe-test', new IDBFactory(), IDBKeyRange);
    const described = await describeRegistry(db);
    db.close();
    // When this fails, openVault.ts registered a new group: add it to describeRegistry.ts.
    expect(described.list().map((op) => op.name)).toEqual(opened);

    const file = buildToolsFile(described, '1.2.3');
    expect(file.version).toBe('1.2.3');
    expect(file.endpoint).toBe('/mcp');
    expect(Object.keys(file.entries)).toEqual(expect.arrayContaining(opened));
    expect(file.tools.map((t) => t.name)).toContain('vault_get_current_note');
  });
});
