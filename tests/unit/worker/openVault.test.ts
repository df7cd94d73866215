import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openTestVault } from './testVault';

describe('opening a vault', () => {
  it('builds the whole registry (no operation defined twice) and answers describe', async () => {
    const vault = await openTestVault();
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
    // Spec 5: writes wait for the user; no write operation of the vault skips approval.
    const unasked = vault.registry.list().filter((op) => op.kind === 'write' && !op.requiresApproval);
    expect(unasked.map((op) => op.name)).toEqual([]);
    await (await vault.search).settled();
    vault.close();
  });
});
