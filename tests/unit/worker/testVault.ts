import 'fake-indexeddb/auto';
import { openMetaDb } from '../../../src/worker/db/meta';
import { type OpenVault, openVault } from '../../../src/worker/vault/openVault';

/** Web Locks with a single holder, as the browser grants them to the first tab. */
const locks = {
  request: (_name: string, _opts: unknown, cb: () => Promise<unknown>) => cb(),
} as unknown as LockManager;

/** Opens the default vault over fake-indexeddb, as the vault worker opens it in a tab. */
export function openTestVault(): Promise<OpenVault> {
  let n = 0;
  return openVault(
    {
      meta: openMetaDb(),
      locks,
      openChannel: (name) => new BroadcastChannel(name),
      now: () => Date.now(),
      newId: () => `id-${++n}`,
    },
    null,
  );
}
