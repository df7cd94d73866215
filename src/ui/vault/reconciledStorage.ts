import type { Accessor, Setter } from 'solid-js';
import { createStore, reconcile, unwrap } from 'solid-js/store';

/**
 * Storage for a `createResource` whose answer is read again and again (after each write, on the
 * change feed): each answer is reconciled into a store, records in its lists matched by `key`. A
 * record that comes back keeps its identity and a field that did not change notifies nobody.
 * Without it every re-read hands out new objects: `<For>` rebuilds each row, and every control
 * bound to a record (`value={tag.icon}`) is written again, wiping what the user is typing in it
 * at that moment, and every row's own state (an open panel) is lost.
 */
export function reconciledValueStorage<T extends object>(key: string) {
  return (init: T | undefined): [Accessor<T | undefined>, Setter<T | undefined>] => {
    const [store, setStore] = createStore<{ value: T | undefined }>({ value: init });
    // createResource sets its value as `set(() => answer)`; a plain value is accepted too.
    const set = (next: T | undefined | ((prev: T | undefined) => T | undefined)) => {
      const value = typeof next === 'function' ? next(unwrap(store.value)) : next;
      setStore('value', reconcile(value, { key }));
      return store.value;
    };
    return [() => store.value, set as Setter<T | undefined>];
  };
}

/** reconciledValueStorage for an answer that is itself a list of records. */
export function reconciledStorage<T extends object>(key: string) {
  return reconciledValueStorage<T[]>(key);
}
