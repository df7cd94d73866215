import { createEffect, createSignal, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import type { FileTarget } from './inboxActions';
import { TargetPicker } from './TargetPicker';

/**
 * The stale threshold (`inbox.setStaleThreshold`, the same stored setting as the inbox settings
 * group's `staleDays`) and "File all stale" (`inbox.fileAllStale`) to one project or folder.
 */
export function StalePanel(props: {
  client: VaultClient;
  days: number;
  stale: number;
  onDays: (days: number) => Promise<boolean>;
  onFileAll: (target: FileTarget, label: string) => Promise<boolean>;
}) {
  const [days, setDays] = createSignal(String(props.days));
  createEffect(() => setDays(String(props.days)));
  async function save(e: SubmitEvent) {
    e.preventDefault();
    await props.onDays(Number(days()));
  }
  return (
    <details class="inbox-stale">
      <summary>Stale items</summary>
      <form class="inbox-when" onSubmit={(e) => void save(e)}>
        <label>
          Stale after (days)
          <input
            type="number"
            min="1"
            max="365"
            step="1"
            required
            value={days()}
            onInput={(e) => setDays(e.currentTarget.value)}
          />
        </label>
        <button type="submit">Save threshold</button>
      </form>
      <Show when={props.stale > 0} fallback={<p class="task-meta">No open item is older than that.</p>}>
        <TargetPicker
          client={props.client}
          label="Where to file the stale items"
          action={`File all ${props.stale} stale`}
          onFile={props.onFileAll}
        />
      </Show>
    </details>
  );
}
