import { createSignal, Show } from 'solid-js';
import { writeOp } from '../planning/shared/callOp';
import { createLiveValue } from '../planning/shared/createLiveValue';
import type { VaultClient } from '../vault/createVaultClient';

interface Props {
  client: VaultClient;
  noteId: string;
}

/**
 * "Keep on this device only" (notes.setLocalOnly). The pressed state is read back from the vault,
 * so a switch made by an agent or another tab shows here too.
 */
export function LocalOnlyToggle(props: Props) {
  const state = createLiveValue(
    props.client,
    ['notes'],
    () => props.noteId,
    // the header only: notes.get would carry the whole body on every save
    async (id) => ({ ok: true as const, value: await props.client.api.getNoteHeader(id) }),
  );
  const [error, setError] = createSignal<string | null>(null);
  const on = () => state.data()?.localOnly === true;
  const loaded = () => state.data() !== undefined && state.data() !== null;
  async function toggle() {
    const res = await writeOp(props.client, 'notes.setLocalOnly', props.noteId, !on());
    setError(res.ok ? null : res.error.message);
  }
  return (
    <>
      <button
        type="button"
        aria-pressed={on()}
        disabled={!loaded()}
        title={on() ? 'Kept on this device only: it does not sync' : 'Stop syncing this note'}
        onClick={() => void toggle()}
      >
        Keep on this device only
      </button>
      <Show when={error()}>
        {(m) => (
          <span class="error" role="alert">
            {m()}
          </span>
        )}
      </Show>
    </>
  );
}
