import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { describeRegistry } from '../../../src/worker/agent/describeRegistry';
import { buildToolsFile } from '../../../src/worker/agent/toolsFile';
import { openVaultDb } from '../../../src/worker/db/schema';
import { openTestVault } from '../worker/testVault';

describe('describeRegistry (what /mcp/tools.json is built from)', () => {
  it('holds exactly the operations an opened vault registers', async () => {
    const vault = await openTestVault();
    const opened = vault.registry.list().map((op) => op.name);
    await (await vault.search).settled();
    vault.close();

    const db = openVaultDb('describe-test', new IDBFactory(), IDBKeyRange);
    const described = await describeRegistry(db);
    db.close();
    // Both build from vaultOperations(): this fails when one of them registers anything else.
    expect(described.list().map((op) => op.name)).toEqual(opened);

    const file = buildToolsFile(described, '1.2.3');
    expect(file.version).toBe('1.2.3');
    expect(file.endpoint).toBe('/mcp');
    expect(Object.keys(file.entries)).toEqual(expect.arrayContaining(opened));
    expect(file.tools.map((t) => t.name)).toContain('vault_get_current_note');
  });
});
