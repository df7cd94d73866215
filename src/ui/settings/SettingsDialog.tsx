import { For, onMount } from 'solid-js';
import { AuditLog } from '../agent/AuditLog';
import { showModalWhenConnected } from '../app/showModal';
import { ImportExportAutoBackup } from '../files/ImportExportAutoBackup';
import { SyncPanel } from '../sync/SyncPanel';
import type { VaultClient } from '../vault/createVaultClient';
import { VaultsPanel } from '../vault/VaultsPanel';
import type { Settings } from './createSettings';
import type { createStoragePersistence } from './createStoragePersistence';
import { KeyboardSettings } from './KeyboardSettings';
import { SettingsGroupForm } from './SettingsGroupForm';
import { VoiceStatus } from './VoiceStatus';

interface Props {
  client: VaultClient;
  settings: Settings;
  persistence: ReturnType<typeof createStoragePersistence>;
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

/** The sections in the order shown, for the jump list: [selector, label]. */
const JUMPS = [
  ['#settings-general', 'General'],
  ['#settings-vaults', 'Vaults'],
  ['#settings-editor', 'Editor'],
  ['#settings-noteEditor', 'Notes'],
  ['#settings-task', 'Tasks'],
  ['#settings-journal', 'Journal'],
  ['#settings-inbox', 'Inbox'],
  ['#settings-calendar', 'Calendar'],
  ['#settings-graph', 'Graph'],
  ['#settings-features', 'Sections'],
  ['#settings-tab', 'Tabs'],
  ['#settings-keyboard', 'Keyboard shortcuts'],
  ['#settings-ai', 'AI and agents'],
  ['#settings-voiceTranscription', 'Voice'],
  ['section.sync-panel', 'Sync'],
  ['#settings-backup', 'Backup'],
] as const;

/**
 * Settings: every group as a section of one scrolling list (a jump list on top reaches each), each
 * control bound to its group through the settings operations; plus storage, vaults, sync and the
 * agent audit log.
 */
export function SettingsDialog(props: Props) {
  let dialog!: HTMLDialogElement;
  onMount(() => showModalWhenConnected(dialog));
  const jump = (selector: string) => dialog.querySelector(selector)?.scrollIntoView({ block: 'start' });
  const s = props.settings;
  return (
    <dialog ref={dialog} class="settings" aria-label="Settings" onClose={props.onClose}>
      <div class="settings-head">
        <h2>Settings</h2>
        <select aria-label="Jump to section" onChange={(e) => jump(e.currentTarget.value)}>
          <For each={JUMPS}>{([id, label]) => <option value={id}>{label}</option>}</For>
        </select>
      </div>
      <SettingsGroupForm settings={s} group="general">
        <h4>Storage</h4>
        <p data-testid="persist-state">Persistent storage: {PERSIST_TEXT[props.persistence.state()]}</p>
        <button type="button" onClick={() => void props.persistence.request()}>
          Ask for persistent storage
        </button>
        <h4>This tab</h4>
        <p>Vault: {props.vaultName}</p>
        <p data-testid="leader-state">
          {props.isLeader
            ? 'This tab runs the vault’s background jobs.'
            : 'Another tab runs the vault’s background jobs.'}
        </p>
        <p>Version {__APP_VERSION__}</p>
      </SettingsGroupForm>
      <VaultsPanel client={props.client} />
      <SettingsGroupForm settings={s} group="editor" />
      <SettingsGroupForm settings={s} group="noteEditor" />
      <SettingsGroupForm settings={s} group="task" />
      <SettingsGroupForm settings={s} group="journal" />
      <SettingsGroupForm settings={s} group="inbox" />
      <SettingsGroupForm settings={s} group="calendar" />
      <SettingsGroupForm settings={s} group="graph" />
      <SettingsGroupForm settings={s} group="features">
        <p class="muted">
          Home opens the default home page.{' '}
          <button
            type="button"
            onClick={() => {
              dialog.close();
              location.hash = '#/home/pages';
            }}
          >
            Manage home pages
          </button>
        </p>
      </SettingsGroupForm>
      <SettingsGroupForm settings={s} group="tab" />
      <KeyboardSettings settings={s} />
      <SettingsGroupForm settings={s} group="ai">
        <AuditLog />
      </SettingsGroupForm>
      <SettingsGroupForm settings={s} group="voiceTranscription">
        <VoiceStatus client={props.client} />
      </SettingsGroupForm>
      <SyncPanel />
      <SettingsGroupForm settings={s} group="sync" title="Sync on this device" />
      <SettingsGroupForm settings={s} group="backup">
        <ImportExportAutoBackup client={props.client} />
      </SettingsGroupForm>
      <form method="dialog" class="settings-foot">
        <button type="submit">Close</button>
      </form>
    </dialog>
  );
}
