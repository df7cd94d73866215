import { createSignal, onMount, Show } from 'solid-js';
import type { VaultClient } from '../vault/createVaultClient';

interface Props {
  client: VaultClient;
}

type Permission = 'granted' | 'denied' | 'prompt';
/** The File System Access API's picker and permission request (Chromium); not in TypeScript's DOM types yet. */
type Picker = {
  showDirectoryPicker(o: { id: string; mode: 'readwrite' }): Promise<FileSystemDirectoryHandle>;
};
type AskPermission = { requestPermission(d: { mode: 'readwrite' }): Promise<Permission> };

const canPick = () => typeof (window as unknown as Partial<Picker>).showDirectoryPicker === 'function';

/**
 * Settings, Backup: the optional automatic backup to a folder the user picks (docs/backup.md
 * "Automatic backup to a folder"). Chromium only (File System Access API); elsewhere it says so
 * and points at "Export vault (.zip)".
 */
export function ImportExportAutoBackup(props: Props) {
  type State = Awaited<ReturnType<VaultClient['api']['backupFolderState']>>;
  // a signal, not a resource: a pending resource would suspend the whole Settings dialog
  const [state, setState] = createSignal<State>(null);
  const refetch = async () => setState(await props.client.api.backupFolderState());
  onMount(() => void refetch());
  const [busy, setBusy] = createSignal(false);
  const [message, setMessage] = createSignal<string | null>(null);
  const [failure, setFailure] = createSignal<string | null>(null);

  async function choose() {
    setFailure(null);
    try {
      const handle = await (window as unknown as Picker).showDirectoryPicker({
        id: 'cairn-backup',
        mode: 'readwrite',
      });
      await props.client.api.chooseBackupFolder(handle);
      await refetch();
      await backUpNow();
    } catch (err) {
      // closing the picker is a choice, not an error
      if ((err as { name?: string }).name !== 'AbortError')
        setFailure(`The folder could not be chosen: ${String(err)}`);
    }
  }

  async function backUpNow() {
    setBusy(true);
    setMessage(null);
    setFailure(null);
    const res = await props.client.api.backupToFolderNow();
    setBusy(false);
    await refetch();
    if (res.ok) setMessage(`Saved ${res.value.file}.`);
    else setFailure(res.error.message);
  }

  async function allowAgain() {
    const s = state();
    if (!s) return;
    const granted = await (s.handle as unknown as AskPermission).requestPermission({ mode: 'readwrite' });
    if (granted === 'granted') await backUpNow();
    else setFailure(`Cairn still may not write to "${s.name}".`);
  }

  async function stop() {
    await props.client.api.chooseBackupFolder(null);
    setMessage(null);
    setFailure(null);
    await refetch();
  }

  return (
    <section class="auto-backup" aria-labelledby="auto-backup-title">
      <h4 id="auto-backup-title">Automatic backup to a folder</h4>
      <Show
        when={canPick()}
        fallback={
          <p class="muted">
            This browser cannot write to a folder you pick (the File System Access API, in Chromium browsers).
            Use "Export vault (.zip)" to save a backup.
          </p>
        }
      >
        <Show
          when={state()}
          fallback={
            <>
              <p class="muted">
                Cairn writes a whole-vault zip to the folder every "days between reminders", while a tab is
                open.
              </p>
              <button type="button" onClick={() => void choose()}>
                Choose backup folder…
              </button>
            </>
          }
        >
          {(s) => (
            <>
              <p data-testid="auto-backup-state">
                Backing up to {s().name ? `“${s().name}”` : 'the chosen folder'}. Last backup:{' '}
                {s().lastAt === null ? 'not yet' : new Date(s().lastAt!).toLocaleString()}.
              </p>
              <Show when={s().lastError?.code === 'BACKUP_FOLDER_PERMISSION'}>
                <button type="button" onClick={() => void allowAgain()}>
                  Allow access to “{s().name}”
                </button>
              </Show>
              <button type="button" disabled={busy()} onClick={() => void backUpNow()}>
                {busy() ? 'Backing up…' : 'Back up now'}
              </button>
              <button type="button" onClick={() => void choose()}>
                Choose another folder…
              </button>
              <button type="button" onClick={() => void stop()}>
                Stop automatic backup
              </button>
            </>
          )}
        </Show>
      </Show>
      <Show when={message()}>
        {(m) => (
          <p role="status" class="notice">
            {m()}
          </p>
        )}
      </Show>
      <Show when={failure() ?? state()?.lastError?.message}>
        {(f) => (
          <p role="alert" class="error">
            {f()}
          </p>
        )}
      </Show>
    </section>
  );
}
