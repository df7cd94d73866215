import { Show } from 'solid-js';
import { createDrafts } from '../../forms/createDrafts';
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
  // The number typed stays until saved, also when another tab saves the threshold meanwhile (an
  // effect copying the stored value into the box wrote over it).
  const typed = createDrafts();
  const stored = () => String(props.days);
  const days = () => typed.value('days', stored);
  async function save(e: SubmitEvent) {
    e.preventDefault();
    const before = stored();
    if (await props.onDays(Number(days()))) typed.saved('days', before);
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
            onInput={(e) => typed.input('days', e.currentTarget.value)}
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
