import { onCleanup } from 'solid-js';
import type { KeyboardAction } from '../../worker/settings/groups/keyboardSettings';
import type { Section } from '../app/section';
import type { Settings } from '../settings/createSettings';
import { comboOf, firesWhileTyping } from './keyCombo';
import { sectionFor } from './sectionKeys';

/** The sections shown in the navigation, each opened by Alt+its `shortcut` key. */
export interface SectionNav {
  sections: () => readonly Pick<Section, 'id' | 'label' | 'shortcut'>[];
  open: (id: string) => void;
}

export const isMacPlatform = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Whether keys pressed now go into text: an input, a text area, a select or the editor. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * The central keymap of the desktop: one keydown listener, the bindings read from the keyboard
 * settings at each press (so a change applies at once), an action per binding. A binding without
 * Mod or Alt never fires while the user types, and none fires while a dialog is open. A section's
 * Alt+key (`nav`) opens it when no binding takes that key, and never while the user types (on a
 * Mac, Option+letter writes accents and symbols).
 */
export function createShortcuts(
  settings: Settings,
  actions: Record<KeyboardAction, () => void>,
  nav?: SectionNav,
) {
  const isMac = isMacPlatform();
  const onKey = (e: KeyboardEvent) => {
    if (e.repeat || e.defaultPrevented) return;
    const combo = comboOf(e, isMac);
    if (combo === null) return;
    if (isTyping(e.target) && !firesWhileTyping(combo)) return;
    if (document.querySelector('dialog[open]')) return;
    const bindings = settings.value('keyboard');
    const action = (Object.keys(bindings) as KeyboardAction[]).find((a) => bindings[a] === combo);
    if (action === undefined) {
      const section = nav && !isTyping(e.target) ? sectionFor(combo, nav.sections(), bindings) : null;
      if (section === null || !nav) return;
      e.preventDefault();
      nav.open(section.id);
      return;
    }
    e.preventDefault();
    actions[action]();
  };
  window.addEventListener('keydown', onKey);
  onCleanup(() => window.removeEventListener('keydown', onKey));
}
