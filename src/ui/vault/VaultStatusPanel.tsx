import { createResource, createSignal, onCleanup, Show } from 'solid-js';
import type { VaultStatus } from '../../worker/vault/vaultHost';
import type { VaultClient } from './createVaultClient';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Settings → Vaults → "This vault": what the open vault holds (vault.getStatus), when it was
 * made (vault.getConfig), whether this tab keeps its background work, and "Rebuild search index"
 * (vault.reindex; only the tab that keeps the index may, and the refusal says so).
 */
export function VaultStatusPanel(props: { client: VaultClient }) {
  const [version, setVersion] = createSignal(0);
  const [status] = createResource(version, async () => {
    const [s, c] = await Promise.all([
      props.client.api.read('vault.getStatus', []),
      props.client.api.read('vault.getConfig', []),
    ]);
    if (!s.ok) return { error: s.error.message };
    return {
      status: s.value as VaultStatus,
      created: c.ok ? (c.value as { created: number }).created : null,
    };
  });
  const [message, setMessage] = createSignal('');
  const [busy, setBusy] = createSignal(false);
  const onFocus = () => setVersion((v) => v + 1);
  window.addEventListener('focus', onFocus);
  onCleanup(() => window.removeEventListener('focus', onFocus));

  async function reindex() {
    setBusy(true);
    setMessage('Rebuilding the search index…');
    try {
      const res = await props.client.api.write('vault.reindex', []);
      if (!res.ok) return setMessage(res.error.message);
      const { notes, ms } = res.value as { notes: number; ms: number };
      setMessage(`Search index rebuilt: ${plural(notes, 'note', 'notes')} in ${Math.round(ms)} ms.`);
      setVersion((v) => v + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="vault-status-title" class="vault-status">
      <h4 id="vault-status-title">This vault</h4>
      <Show when={status()}>
        {(r) => (
          <Show when={r().status} fallback={<p role="alert">{r().error}</p>}>
            {(s) => (
              <dl class="status-list" aria-label="Vault status">
                <Show when={r().created}>
                  {(at) => (
                    <>
                      <dt>Created</dt>
                      <dd>{new Date(at()).toLocaleDateString()}</dd>
                    </>
                  )}
                </Show>
                <dt>Notes</dt>
                <dd>{s().counts.notes}</dd>
                <dt>Folders</dt>
                <dd>{s().counts.folders}</dd>
                <dt>Tasks</dt>
                <dd>{s().counts.tasks}</dd>
                <dt>Journal entries</dt>
                <dd>{s().counts.journalEntries}</dd>
                <dt>Inbox items</dt>
                <dd>{s().counts.inboxItems}</dd>
                <dt>Search index</dt>
                <dd>
                  {s().search ? plural(s().search!.documents, 'document', 'documents') : 'not loaded yet'}
                </dd>
                <dt>Background work</dt>
                <dd>{s().isLeader ? 'kept by this tab' : 'kept by another tab of this vault'}</dd>
              </dl>
            )}
          </Show>
        )}
      </Show>
      <button type="button" disabled={busy()} onClick={() => void reindex()}>
        Rebuild search index
      </button>
      <Show when={message()}>
        <p role="status">{message()}</p>
      </Show>
    </section>
  );
}
