/**
 * Notes this tab just made with "New note" and nobody has touched yet (title unchanged, body
 * empty). The editor puts the cursor in such a note's title, and a fresh note left untouched is
 * discarded when it is closed, so empty "Untitled" notes do not pile up. In memory only: a note
 * made before a reload is an ordinary note.
 */
const fresh = new Map<string, Element | null>();

/** `id` was just made; `focused` is what had the focus then (the New note button, or nothing). */
export function markFresh(id: string, focused: Element | null): void {
  fresh.set(id, focused);
}

/**
 * Whether the new note's title may take the focus: only while the focus is still where it was
 * when the note was asked for (the person has not moved on to something else meanwhile).
 */
export function mayTakeFocus(id: string): boolean {
  if (!fresh.has(id)) return false;
  const active = document.activeElement;
  return active === null || active === document.body || active === fresh.get(id);
}

/** The note was edited (its title or its body): it is kept from now on. */
export function touched(id: string): void {
  fresh.delete(id);
}

export function isFresh(id: string): boolean {
  return fresh.has(id);
}
