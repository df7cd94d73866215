import { createSignal, Show } from 'solid-js';

/** The text file "Download" saves: the key and what it is for, so a found file explains itself. */
export function recoveryKeyFileText(key: string, email: string | undefined): string {
  return [
    'Cairn recovery key',
    '',
    key,
    '',
    `Account: ${email ?? '(the account you sync with)'}`,
    'This key opens your synced Cairn vault on a new device. Keep it where only you can reach it;',
    'anyone with it and access to your account email can read your notes.',
    '',
  ].join('\n');
}

/**
 * The recovery key with Copy and Download, the same at set-up and when shown again. The key is
 * also selectable text, for when the clipboard is refused (insecure origin, permissions).
 */
export function RecoveryKeyCard(props: { recoveryKey: string; email?: string }) {
  const [note, setNote] = createSignal('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(props.recoveryKey);
      setNote('Copied to the clipboard.');
    } catch {
      setNote('The clipboard is not available here: select the key and copy it by hand.');
    }
  }
  function download() {
    const blob = new Blob([recoveryKeyFileText(props.recoveryKey, props.email)], { type: 'text/plain' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'Cairn recovery key.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    setNote('Saved as “Cairn recovery key.txt”.');
  }
  return (
    <div class="recovery-card">
      <code data-testid="recovery-key">{props.recoveryKey}</code>
      <div class="recovery-actions">
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" onClick={download}>
          Download
        </button>
      </div>
      <Show when={note()}>
        <p role="status" class="hint">
          {note()}
        </p>
      </Show>
    </div>
  );
}
