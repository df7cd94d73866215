import { Show } from 'solid-js';
import { ERROR_TEXT, indicatorWords } from './syncMessages';
import { connectSync, syncState } from './syncSource';
import './sync.css';

/** The app bar's sync status: words, not a colour only; the error sentence as its title. */
export function SyncIndicator(props: { client: Parameters<typeof connectSync>[0] }) {
  connectSync(props.client);
  return (
    <Show when={syncState()}>
      {(s) => (
        <span
          class="sync-indicator"
          data-testid="sync-indicator"
          data-phase={
            s().revoked || (s().keyMismatchSignedOut && s().setup === 'signed_out')
              ? 'error'
              : s().status.phase
          }
          title={s().status.error ? ERROR_TEXT[s().status.error!.category] : undefined}
          role="status"
        >
          {indicatorWords(s())}
        </span>
      )}
    </Show>
  );
}
