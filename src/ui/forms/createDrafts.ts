import { createStore } from 'solid-js/store';

/** One field's draft: what was typed, and the stored value a save left behind (see `saved`). */
interface Draft {
  text: string;
  /** set by `saved`: the draft gives way as soon as the stored value is no longer this */
  savedOver?: string;
}

/**
 * What the text controls of a form show while data read again and again sits under them: the
 * stored value until the user types in a field, then what was typed, until it is saved or
 * cancelled. Solid writes `value={stored()}` into the control again each time what it read
 * notifies (a re-read after any write, the change feed after another tab's), so a control bound
 * to the stored value loses what is being typed; bound to `value(name, stored)` it keeps it.
 *
 * The rule (docs/foundation.md, "Live forms"): the typing wins until saved or cancelled, also
 * over a change of the same field elsewhere (the save then writes over it: last writer wins); an
 * untouched field follows the stored value. Fields are named by the caller (a form control's
 * `name`, a row id), so one set serves a form or a list.
 */
/**
 * A draft as typed. `savedOver` is named although undefined: a store merges an object set over an
 * object, so a new draft left out of it would keep an earlier save's `savedOver`.
 */
const typedDraft = (text: string): Draft => ({ text, savedOver: undefined });

export function createDrafts() {
  const [drafts, setDrafts] = createStore<Record<string, Draft | undefined>>({});

  /**
   * The draft was written: it is shown until the save's re-read changes the stored value (to the
   * saved text, so nothing visibly moves), then the field follows the stored value again. Reset
   * at once instead, the old stored value would flash back until that re-read lands.
   */
  function saved(name: string, stored: string) {
    const d = drafts[name];
    if (d === undefined) return;
    if (d.text === stored) setDrafts(name, undefined);
    else setDrafts(name, { text: d.text, savedOver: stored });
  }

  return {
    /** What the control named `name` shows; reads `stored` only while the field is untouched. */
    value(name: string, stored: () => string): string {
      const d = drafts[name];
      if (d === undefined) return stored();
      if (d.savedOver === undefined) return d.text;
      const now = stored();
      return now === d.savedOver ? d.text : now;
    },
    /** The user typed: keep it. */
    input(name: string, text: string) {
      setDrafts(name, typedDraft(text));
    },
    /** `input` for every named control of a form: put it as the form's `onInput`. */
    onFormInput(e: InputEvent) {
      const el = e.target as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
      if (el.name) setDrafts(el.name, typedDraft(el.value));
    },
    saved,
    /** `saved` for every field of a form written at once; `stored` answers each one's value before. */
    savedEach(stored: (name: string) => string) {
      for (const name of Object.keys(drafts)) saved(name, stored(name));
    },
    /** Cancel one field, or every field: they show the stored value again. */
    reset(name?: string) {
      if (name !== undefined) return setDrafts(name, undefined);
      for (const key of Object.keys(drafts)) setDrafts(key, undefined);
    },
    /** Whether the user has typed in the field since it was opened, saved or cancelled. */
    touched(name: string): boolean {
      const d = drafts[name];
      return d !== undefined && d.savedOver === undefined;
    },
  };
}

export type Drafts = ReturnType<typeof createDrafts>;
