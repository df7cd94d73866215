import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openMetaDb, resolveVault } from '../../../src/worker/db/meta';
import { createVaultDirectory } from '../../../src/worker/vault/vaultDirectory';

// Issue 19 part 5: which vaults get a welcome note, and that each gets it once.
describe('the welcome mark of a vault', () => {
  let n = 0;
  const fresh = () => {
    const meta = openMetaDb();
    return {
      meta,
      dir: createVaultDirectory(
        meta,
        () => 1,
        () => `v-${++n}-${Date.now()}`,
      ),
    };
  };

  it('is set on the first-run default vault and taken exactly once, even by racing tabs', async () => {
    const { meta, dir } = fresh();
    await meta.vaults.clear();
    const entry = await resolveVault(meta, null, 1);
    expect(entry.id).toBe('default');
    const takes = await Promise.all([dir.takeWelcome('default'), dir.takeWelcome('default')]);
    expect(takes.sort()).toEqual([false, true]);
    expect(await dir.takeWelcome('default')).toBe(false);
    // reopening the vault does not set it again
    await resolveVault(meta, 'default', 2);
    expect(await dir.takeWelcome('default')).toBe(false);
  });

  it('is set on a vault made here, never on one downloaded from the sync account', async () => {
    const { dir } = fresh();
    const made = await dir.create('Work', { welcome: true });
    const downloaded = await dir.create('From my laptop');
    if (!made.ok || !downloaded.ok) throw new Error('not made');
    expect(await dir.takeWelcome(downloaded.value.id)).toBe(false);
    expect(await dir.takeWelcome(made.value.id)).toBe(true);
    expect(await dir.takeWelcome('no-such-vault')).toBe(false);
  });
});
