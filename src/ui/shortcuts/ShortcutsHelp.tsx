import { For, onMount } from 'solid-js';
import { keyboardSettings } from '../../worker/settings/groups/keyboardSettings';
import type { Section } from '../app/section';
import { showModalWhenConnected } from '../app/showModal';
import type { Settings } from '../settings/createSettings';
import { isMacPlatform } from './createShortcuts';
import { displayCombo } from './keyCombo';
import { sectionRows } from './sectionKeys';

/** The shortcuts help (`?`): every action with its current key, as the keyboard settings have it. */
export function ShortcutsHelp(props: {
  settings: Settings;
  /** the sections shown, whose Alt+key shortcuts are listed after the settings' actions */
  sections?: readonly Pick<Section, 'id' | 'label' | 'shortcut'>[];
  onClose: () => void;
}) {
  let dialog!: HTMLDialogElement;
  onMount(() => showModalWhenConnected(dialog));
  const isMac = isMacPlatform();
  const rows = () => {
    const bindings: Record<string, string> = props.settings.value('keyboard');
    const actions = Object.entries(keyboardSettings.schema.properties).map(([action, schema]) => ({
      label: schema.description.charAt(0).toUpperCase() + schema.description.slice(1),
      combo: displayCombo(bindings[action] ?? '', isMac),
    }));
    const sections = sectionRows(props.sections ?? [], bindings).map((r) => ({
      ...r,
      combo: displayCombo(r.combo, isMac),
    }));
    return [...actions, ...sections];
  };
  return (
    <dialog ref={dialog} class="shortcuts-help" aria-label="Keyboard shortcuts" onClose={props.onClose}>
      <h2>Keyboard shortcuts</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Action</th>
            <th scope="col">Keys</th>
          </tr>
        </thead>
        <tbody>
          <For each={rows()}>
            {(r) => (
              <tr>
                <td>{r.label}</td>
                <td>
                  <kbd>{r.combo}</kbd>
                </td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
      <p class="muted">Change them in Settings → Keyboard shortcuts.</p>
      <form method="dialog">
        <button type="submit">Close</button>
      </form>
    </dialog>
  );
}
