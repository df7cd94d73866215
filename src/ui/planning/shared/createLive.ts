import { type Accessor, createResource, createSignal, onCleanup, type Setter } from 'solid-js';
import type { AppError } from '../../../shared/result';
import type { VaultClient } from '../../vault/createVaultClient';
import type { OpResult } from './callOp';

/**
 * A read that stays current: `load` runs now, whenever `key` changes, and after every committed
 * change (from this tab or another) touching one of `tables`. A refusal is kept in `error()`.
 * `storage` keeps what was read (reconciledValueStorage: rows keep their identity over re-reads).
 */
export function createLive<T, K>(
  client: VaultClient,
  tables: readonly string[],
  key: Accessor<K>,
  load: (key: K) => Promise<OpResult<T>>,
  storage?: (init: T | undefined) => [Accessor<T | undefined>, Setter<T | undefined>],
) {
  const [version, setVersion] = createSignal(0);
  const [error, setError] = createSignal<AppError | null>(null);
  onCleanup(
    client.onChange((batch) => {
      if (batch.changes.some((c) => tables.includes(c.table))) setVersion((v) => v + 1);
    }),
  );
  const [data] = createResource<T | undefined, { k: K; v: number }>(
    () => ({ k: key(), v: version() }),
    async ({ k }) => {
      const res = await load(k);
      setError(res.ok ? null : res.error);
      return res.ok ? res.value : undefined;
    },
    storage ? { storage } : {},
  );
  return { data, error };
}
