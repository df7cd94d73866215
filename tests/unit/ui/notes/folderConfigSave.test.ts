import { createRoot } from 'solid-js';
import { describe, expect, it, vi } from 'vitest';
import { createFolderConfig } from '../../../../src/ui/notes/createFolderConfig';
import type { VaultClient } from '../../../../src/ui/vault/createVaultClient';

vi.mock('solid-js', () => vi.importActual('solid-js/dist/solid.js'));

/**
 * A vault with one folder's settings. Writes are stored at once; the change feed stays silent,
 * as when the re-read of a write has not landed yet (the window two quick changes fall into).
 */
function fakeVault() {
  let stored = { sort: 'title', templateId: null as string | null };
  const writes: unknown[] = [];
  const client = {
    onChange: () => () => {},
    api: {
      read: async (op: string) => {
        expect(op).toBe('notes.getFolderConfig');
        return { ok: true, value: { ...stored } };
      },
      write: async (op: string, args: unknown[]) => {
        expect(op).toBe('notes.setFolderConfig');
        writes.push(args[1]);
        stored = args[1] as typeof stored;
        return { ok: true, value: stored };
      },
    },
  } as unknown as VaultClient;
  return { client, writes, stored: () => stored };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('folder settings saves', () => {
  it('two changes made before the first is read back both stay', async () => {
    const v = fakeVault();
    const settings = createRoot(() => createFolderConfig(v.client, () => 'Projects'));
    await settle();
    expect(settings.config()).toEqual({ sort: 'title', templateId: null });
    const first = settings.save({ sort: 'modified' });
    const second = settings.save({ templateId: 't1' });
    expect(await first).toBeNull();
    expect(await second).toBeNull();
    expect(v.stored()).toEqual({ sort: 'modified', templateId: 't1' });
  });

  it('a refused save answers its error and the next save still runs', async () => {
    const v = fakeVault();
    const settings = createRoot(() => createFolderConfig(v.client, () => 'Projects'));
    await settle();
    const write = v.client.api.write;
    let refuse = true;
    v.client.api.write = (async (op: string, args: unknown[]) => {
      if (!refuse) return write(op, args);
      refuse = false;
      return { ok: false, error: { code: 'VALIDATION', message: 'bad sort' } };
    }) as typeof write;
    const bad = settings.save({ sort: 'nonsense' as never });
    const good = settings.save({ templateId: 't2' });
    expect(await bad).toMatchObject({ code: 'VALIDATION' });
    expect(await good).toBeNull();
    expect(v.stored()).toEqual({ sort: 'title', templateId: 't2' });
  });
});
