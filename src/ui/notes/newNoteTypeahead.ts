/**
 * Keys typed between a press on "New note" and its title box taking the focus. Making the note
 * is a round trip to the vault worker and the title box comes after it, so a person who clicks
 * and types at once typed onto the button: the letters were lost and Enter pressed the button
 * again, making a second "Untitled". From the press on, until the new note's title takes the
 * keys (`takeTypeahead`) or the note could not be made (`cancelTypeahead`), keys aimed at the
 * element that had the focus at the press are held here instead, and the title box replays them.
 * A key aimed anywhere else (the person clicked into another field meanwhile) ends the hold, and
 * that key and the rest go where the person put them.
 */

/** The keys held: text, Backspace as '\b', Enter as '\n'. */
let held: string | null = null;
let origin: Element | null = null;

function hold(e: KeyboardEvent) {
  if (held === null) return;
  if (document.activeElement !== origin && document.activeElement !== document.body) {
    stop();
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
  const key = e.key === 'Enter' ? '\n' : e.key === 'Backspace' ? '\b' : e.key.length === 1 ? e.key : null;
  if (key === null) return;
  // kept from the button: Enter or Space there would press it again
  e.preventDefault();
  e.stopPropagation();
  if (e.type === 'keydown') held += key;
}

function stop() {
  held = null;
  origin = null;
  document.removeEventListener('keydown', hold, true);
  document.removeEventListener('keyup', hold, true);
}

/** A new note was asked for: hold the keys typed from now on (call it in the press's handler). */
export function startTypeahead(): void {
  stop();
  held = '';
  origin = document.activeElement;
  document.addEventListener('keydown', hold, true);
  // Space presses a button on key up
  document.addEventListener('keyup', hold, true);
}

/** The new note's title has the focus: the keys held (text, '\b', '\n'), and the hold ends. */
export function takeTypeahead(): string {
  const keys = held ?? '';
  stop();
  return keys;
}

/** No new note's title will take the keys (the note could not be made, or is not a fresh one). */
export function cancelTypeahead(): void {
  stop();
}

/**
 * The held keys played onto a title: `title` with `selected` characters from `at` replaced as
 * typing would (the fresh title is selected, so the first key replaces it). Up to the first
 * Enter they edit the title; `body` is what came after it (null when Enter was not pressed).
 */
export function replayKeys(
  keys: string,
  title: string,
  at: number,
  selected: number,
): { title: string; caret: number; body: string | null } {
  let before = title.slice(0, at);
  const after = title.slice(at + selected);
  let pendingSelection = selected > 0;
  let body: string | null = null;
  for (const k of keys) {
    if (body !== null) {
      body = k === '\b' ? body.slice(0, -1) : body + k;
      continue;
    }
    if (k === '\n') {
      body = '';
      continue;
    }
    if (pendingSelection) {
      pendingSelection = false;
      if (k === '\b') continue;
    }
    if (k === '\b') before = before.slice(0, -1);
    else before += k;
  }
  if (pendingSelection) return { title, caret: at + selected, body };
  return { title: before + after, caret: before.length, body };
}
