import type { Accessor, Setter } from 'solid-js';
import { createStore, reconcile, unwrap } from 'solid-js/store';

/**
 * Storage for a `createResource` whose answer is a list of records read again and again (after
 * each write, on the change feed). Each answer is reconciled into a store by `key`: a record that
 * comes back keeps its identity and a field that did not change notifies nobody. Without it every
 * re-read hands out new objects: `<For>` rebuilds each row, and every control bound to a record
 * (`value={tag.icon}`) is written again, wiping what the user is typing in it at that moment.
 */
export function reconciledStorage<T extends object>(key: string) {
  return (init: T[] | undefined): [Accessor<T[] | undefined>, Setter<T[] | undefined>] => {
    const [store, setStore] = createStore<{ list: T[] | undefined }>({ list: init });
    // createResource sets its value as `set(() => answer)`; a plain value is accepted too.
    const set = (next: T[] | undefined | ((prev: T[] | undefined) => T[] | undefined)) => {
      const list = typeof next === 'function' ? next(unwrap(store.list)) : next;
      setStore('list', reconcile(list, { key }));
      return store.list;
    };
    return [() => store.list, set as Setter<T[] | undefined>];
  };
}
