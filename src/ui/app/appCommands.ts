import { type KeyboardAction, keyboardSettings } from '../../worker/settings/groups/keyboardSettings';
import type { Command } from '../palette/CommandPalette';
import { sectionRows } from '../shortcuts/sectionKeys';
import type { Section } from './section';

export interface CommandDeps {
  /** the keyboard settings now (each action's combination) */
  keyboard: () => Record<string, string>;
  actions: Record<KeyboardAction, () => void>;
  sections: () => readonly Pick<Section, 'id' | 'label' | 'shortcut'>[];
  go: (sectionId: string) => void;
  setTheme: (theme: 'light' | 'dark' | 'system') => void;
  /** the open note, if any, with what can be done to it */
  note: () => { close: () => void; remove: () => void } | null;
}

// Sections an action already goes to (its label says so): not listed twice.
const REACHED_BY_ACTION = new Set(['notes', 'inbox', 'journal']);

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Everything the app shell can do, by name, for the command palette: each keyboard action (with
 * its current keys), going to each section, the theme, and what applies to the open note.
 */
export function appCommands(deps: CommandDeps): Command[] {
  const keys = deps.keyboard();
  const actions: Command[] = (Object.keys(keyboardSettings.schema.properties) as KeyboardAction[])
    .filter((a) => a !== 'commandPalette')
    .map((a) => ({
      id: `action:${a}`,
      label: capitalised(keyboardSettings.schema.properties[a].description),
      combo: keys[a] || undefined,
      run: deps.actions[a],
    }));
  const sectionCombos = new Map(sectionRows(deps.sections(), keys).map((r) => [r.label, r.combo]));
  const sections: Command[] = [...deps.sections(), { id: 'graph', label: 'Graph' }]
    .filter((s) => !REACHED_BY_ACTION.has(s.id))
    .map((s) => ({
      id: `go:${s.id}`,
      label: `Go to ${s.label}`,
      combo: sectionCombos.get(`Go to ${s.label}`),
      run: () => deps.go(s.id),
    }));
  const themes: Command[] = (['light', 'dark', 'system'] as const).map((t) => ({
    id: `theme:${t}`,
    label: t === 'system' ? 'Theme: follow the system' : `Theme: ${t}`,
    run: () => deps.setTheme(t),
  }));
  const note = deps.note();
  const noteCommands: Command[] = note
    ? [
        { id: 'note:close', label: 'Close this note', run: note.close },
        { id: 'note:delete', label: 'Delete this note', run: note.remove },
      ]
    : [];
  return [...noteCommands, ...actions, ...sections, ...themes];
}
