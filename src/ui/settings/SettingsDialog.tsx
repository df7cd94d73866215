import { For, onMount } from 'solid-js';
import { AuditLog } from '../agent/AuditLog';
import { showModalWhenConnected } from '../app/showModal';
import { SyncPanel } from '../sync/SyncPanel';
import type { createStoragePersistence } from './createStoragePersistence';
import type { createTheme, Theme } from './theme';

interface Props {
  persistence: ReturnType<typeof createStoragePersistence>;
  theme: ReturnType<typeof createTheme>;
  isLeader: boolean;
  vaultName: string;
  onClose: () => void;
}

const PERSIST_TEXT = {
  granted: 'Granted: the browser will not clear this vault to free space.',
  denied:
    'Not granted: the browser may clear local data under storage pressure. Sync or export to keep a copy.',
  unknown: 'Not yet asked.',
  unsupported: 'This browser cannot keep storage persistent.',
} as const;

export function SettingsDialog(props: Props) {
  let dialog!: HTMLDialogElement;
  onMount(() => showModalWhenConnected(dialog));
  return (
    <dialog ref={dialog} class="settings" aria-label="Settings" onClose={props.onClose}>
      <h2>Settings</h2>
      <section>
        <h3>Storage</h3>
        <p data-testid="persist-state">Persistent storage: {PERSIST_TEXT[props.persistence.state()]}</p>
        <button type="button" onClick={() => void props.persistence.request()}>
          Ask for persistent storage
        </button>
      </section>
      <section>
        <h3>Appearance</h3>
        <fieldset>
          <legend>Theme</legend>
          <For each={['system', 'light', 'dark'] as Theme[]}>
            {(t) => (
              <label>
                <input
                  type="radio"
                  name="theme"
                  value={t}
                  checked={props.theme.theme() === t}
                  onChange={() => props.theme.setTheme(t)}
                />
                {t === 'system' ? 'Match the system' : t === 'light' ? 'Light' : 'Dark'}
              </label>
            )}
          </For>
        </fieldset>
      </section>
      <section>
        <h3>This tab</h3>
        <p>Vault: {props.vaultName}</p>
        <p data-testid="leader-state">
          {props.isLeader
            ? 'This tab runs the vault’s background jobs.'
            : 'Another tab runs the vault’s background jobs.'}
        </p>
        <p>Version {__APP_VERSION__}</p>
      </section>
      <SyncPanel />
      <AuditLog />
      <form method="dialog">
        <button type="submit">Close</button>
      </form>
    </dialog>
  );
}
