import { createSignal } from 'solid-js';

const KEY = 'cairn.lastBackup.';

/**
 * When this device last saved a whole-vault backup (an "Export vault" download), per vault. Kept
 * in localStorage, not synced: a backup made on another device is not a file on this one.
 */
export function createLastBackup(vaultId: () => string | undefined) {
  const read = () => {
    const id = vaultId();
    const raw = id ? localStorage.getItem(KEY + id) : null;
    return raw ? Number(raw) : null;
  };
  const [bump, setBump] = createSignal(0);
  return {
    at: () => {
      bump();
      return read();
    },
    record(at: number) {
      const id = vaultId();
      if (!id) return;
      localStorage.setItem(KEY + id, String(at));
      setBump((n) => n + 1);
    },
  };
}
