import { createSignal, Show } from 'solid-js';
import type { Settings } from './createSettings';
import { SettingsGroupForm } from './SettingsGroupForm';

/** The shortcuts, one text field each (e.g. Alt+N, Mod+K, ?), and a reset to the defaults. */
export function KeyboardSettings(props: { settings: Settings }) {
  const [message, setMessage] = createSignal('');
  async function reset() {
    const res = await props.settings.resetKeyboard();
    setMessage(res.ok ? 'Shortcuts reset to their defaults.' : res.error.message);
  }
  return (
    <SettingsGroupForm settings={props.settings} group="keyboard" title="Keyboard shortcuts">
      <p class="muted">
        Write a key after optional modifiers: Mod (Ctrl, or Cmd on a Mac), Alt, Shift. Leave empty to turn a
        shortcut off. Shortcuts without Mod or Alt never fire while you type.
      </p>
      <button type="button" onClick={() => void reset()}>
        Reset shortcuts
      </button>
      <Show when={message()}>
        <p role="status">{message()}</p>
      </Show>
    </SettingsGroupForm>
  );
}
