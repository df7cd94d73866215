import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openMetaDb } from '../../../src/worker/db/meta';
import { openVault } from '../../../src/worker/vault/openVault';

/** Web Locks with a single holder, as the browser grants them to the first tab. */
const locks = {
  request: (_name: string, _opts: unknown, cb: () => Promise<unknown>) => cb(),
} as unknown as LockManager;

describe('opening a vault', () => {
  it('builds the whole registry (no operation defined twice) and answers describe', async () => {
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
    const names = vault.registry.list().map((op) => op.name);
    expect(new Set(names).size).toBe(names.length);
    for (const group of ['notes.', 'search.', 'tasks.', 'journal.', 'inbox.']) {
      expect(
        names.some((name) => name.startsWith(group)),
        group,
      ).toBe(true);
    }
    const described = vault.registry.describe('notes.create');
    expect(described.ok && described.value.requires_approval).toBe(true);
    await (await vault.search).settled();
    vault.close();
  });
});
