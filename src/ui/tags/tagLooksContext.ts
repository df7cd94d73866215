import { createSignal, onCleanup } from 'solid-js';
import type { TagLooks } from './createTagLooks';

// One app (one vault) is mounted at a time: VaultRoot disposes the old app before it builds the
// next. So the looks are held here for the app's lifetime rather than threaded through every list
// and card that shows a chip (a Solid context would need App's whole tree wrapped in a Provider).
const [current, setCurrent] = createSignal<TagLooks | null>(null);

/** Makes `looks` the app's tag looks until the calling owner (the App) is disposed. */
export function provideTagLooks(looks: TagLooks): void {
  setCurrent(() => looks);
  onCleanup(() => setCurrent((now) => (now === looks ? null : now)));
}

/** The app's tag looks; null outside an app (a chip then shows the tag without colour). */
export const useTagLooks = (): TagLooks | null => current();
