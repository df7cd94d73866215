import { type Accessor, createEffect, createSignal, on, onCleanup, type Setter } from 'solid-js';
import type { AppError } from '../../../shared/result';
import type { VaultClient } from '../../vault/createVaultClient';
import type { OpResult } from './callOp';

/**
 * createLive on plain signals, for controls inside the note editor's Suspense boundary: reading a
 * resource there suspends the whole editor (its DOM detached, typing lost) on every re-read.
 * `load` runs now, whenever `key` changes, and after every committed change touching `tables`;
 * an answer that arrives after a newer read started is dropped. `storage` as in createLive
 * (reconciledValueStorage: a form or a select fed by the read is written only where a stored value
 * changed).
 */
export function createLiveValue<T, K>(
  client: VaultClient,
  tables: readonly string[],
  key: Accessor<K>,
  load: (key: K) => Promise<OpResult<T>>,
  storage?: (init: T | undefined) => [Accessor<T | undefined>, Setter<T | undefined>],
) {
  const [data, setData] = storage ? storage(undefined) : createSignal<T | undefined>(undefined);
  const [error, setError] = createSignal<AppError | null>(null);
  let latest = 0;
  const read = async (k: K) => {
    const mine = ++latest;
    const res = await load(k);
    if (mine !== latest) return;
    setError(res.ok ? null : res.error);
    if (res.ok) setData(() => res.value);
  };
  createEffect(on(key, (k) => void read(k)));
  onCleanup(
    client.onChange((batch) => {
      if (batch.changes.some((c) => tables.includes(c.table))) void read(key());
    }),
  );
  return { data, error };
}
