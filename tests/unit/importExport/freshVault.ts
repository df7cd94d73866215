import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { openMetaDb } from '../../../src/worker/db/meta';
import { type OpenVault, openVault } from '../../../src/worker/vault/openVault';

export interface TestVault {
  vault: OpenVault;
  close(): Promise<void>;
}

const locks = {
  request: (_name: string, _opts: unknown, cb: () => Promise<unknown>) => cb(),
} as unknown as LockManager;

const open: TestVault[] = [];
afterEach(async () => {
  for (const v of open.splice(0)) await v.close();
});

let n = 0;
/**
 * A new, empty vault of its own (its own id space), opened as the vault worker opens it. (The
 * tools' openFullVault falls back to the last opened vault, so two of them are one vault.)
 */
export async function freshVault(): Promise<TestVault> {
  const meta = openMetaDb();
  const id = `restore-${++n}-${Date.now()}`;
  await meta.vaults.put({ id, name: id, created: 1, lastOpened: 1 });
  let k = 0;
  const vault = await openVault(
    {
      meta,
      locks,
      openChannel: (name) => new BroadcastChannel(name),
      now: () => Date.now(),
      newId: () => `${id}-${++k}`,
    },
    id,
  );
  const v = {
    vault,
    async close() {
      await (await vault.search).settled();
      await vault.bodies.links.ensureLoaded();
      vault.close();
      meta.close();
    },
  };
  open.push(v);
  return v;
}
