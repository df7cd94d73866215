import { defineSettingsGroup } from '../defineSettingsGroup';

/**
 * A key combination: modifiers (`Mod` is Ctrl, or Cmd on a Mac; `Alt`; `Shift`) joined by `+`
 * before one key: a letter, a digit, F1..F12 or a punctuation key. `""` leaves an action unbound.
 * Letters are written in upper case; `?` means the key that types a question mark.
 */
export const KEY_COMBO_PATTERN =
  "^$|^(Mod\\+)?(Alt\\+)?(Shift\\+)?([A-Z0-9]|F[1-9]|F1[0-2]|[?/\\\\,.;'=\\[\\]`-])$";

const combo = (description: string) =>
  ({ type: 'string', pattern: KEY_COMBO_PATTERN, examples: ['Alt+N', 'Mod+K', '?'], description }) as const;

/** The desktop key bindings of this device (local: keyboards and habits differ per machine). */
export const keyboardSettings = defineSettingsGroup({
  name: 'keyboard',
  op: 'Keyboard',
  label: 'Keyboard',
  syncs: false,
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      newNote: combo('create a note'),
      newTask: combo('create a task'),
      quickSearch: combo('open search'),
      goToday: combo("go to Today's tasks"),
      goInbox: combo('go to the Inbox'),
      goJournal: combo('go to the Journal'),
      goNotes: combo('go to the notes'),
      toggleSidebar: combo('show or hide the folder sidebar'),
      openSettings: combo('open Settings'),
      showShortcuts: combo('show the keyboard shortcuts'),
      commandPalette: combo('open the command palette'),
      quickSwitcher: combo('open a note by its title'),
    },
    required: [
      'newNote',
      'newTask',
      'quickSearch',
      'goToday',
      'goInbox',
      'goJournal',
      'goNotes',
      'toggleSidebar',
      'openSettings',
      'showShortcuts',
      'commandPalette',
      'quickSwitcher',
    ],
  },
  defaults: {
    newNote: 'Alt+N',
    newTask: 'Alt+T',
    quickSearch: 'Mod+K',
    goToday: 'Alt+2',
    goInbox: 'Alt+3',
    goJournal: 'Alt+4',
    goNotes: 'Alt+1',
    toggleSidebar: 'Mod+\\',
    openSettings: 'Mod+,',
    showShortcuts: '?',
    commandPalette: 'Mod+P',
    quickSwitcher: 'Mod+O',
  },
});

export type KeyboardAction = keyof typeof keyboardSettings.defaults;
