import { type Accessor, createEffect, createSignal, on } from 'solid-js';

/**
 * The items chosen for a bulk action. Only ids still shown count (an item filed from another
 * tab drops out), and switching lists starts afresh. `selecting` is the phone's Select mode:
 * on a narrow screen the checkboxes show only in it (planning.css).
 */
export function createSelection<K>(visible: Accessor<string[]>, listKey: Accessor<K>) {
  const [chosen, setChosen] = createSignal<ReadonlySet<string>>(new Set());
  const [selecting, setSelecting] = createSignal(false);
  createEffect(
    on(
      listKey,
      () => {
        setChosen(new Set<string>());
        setSelecting(false);
      },
      { defer: true },
    ),
  );
  const ids = () => visible().filter((id) => chosen().has(id));
  return {
    ids,
    has: (id: string) => chosen().has(id),
    toggle(id: string, on: boolean) {
      const next = new Set(chosen());
      if (on) next.add(id);
      else next.delete(id);
      setChosen(next);
    },
    all: () => setChosen(new Set(visible())),
    clear: () => setChosen(new Set<string>()),
    selecting,
    setSelecting,
  };
}
