import { isMacPlatform } from '../shortcuts/createShortcuts';
import { displayCombo } from '../shortcuts/keyCombo';
import { PickerDialog } from './PickerDialog';
import { rankByTitle } from './rankByTitle';

/** One thing the app can do, by name: what the palette lists and runs. */
export interface Command {
  id: string;
  label: string;
  /** its key combination as the settings write it (`Mod+K`), shown beside it */
  combo?: string;
  run: () => void;
}

/**
 * The command palette (Mod+P): every action of the app by name, with its keys where it has any;
 * type to narrow, Enter runs. The list is built by the app shell (appCommands), so an action the
 * shell can do is an action the palette lists.
 */
export function CommandPalette(props: { commands: () => Command[]; onClose: () => void }) {
  const isMac = isMacPlatform();
  const items = (q: string) =>
    rankByTitle(props.commands(), q).map((c) => ({
      ...c,
      detail: c.combo ? displayCombo(c.combo, isMac) : undefined,
    }));
  return (
    <PickerDialog
      title="Command palette"
      placeholder="Type a command…"
      empty="No command matches."
      items={items}
      // After the dialog has closed, so a command that opens another dialog can.
      onPick={(c) => queueMicrotask(c.run)}
      onClose={props.onClose}
    />
  );
}
