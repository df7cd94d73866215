import { For, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { formatWhen } from '../calendar/localTime';
import { readOp, writeOp } from '../shared/callOp';
import { createFailure } from '../shared/createFailure';
import { createLive } from '../shared/createLive';
import { FailureBanner } from '../shared/FailureBanner';
import { createSystemNotifications } from './createSystemNotifications';
import { listenForOpenRoute } from './listenForOpenRoute';
import type { ReminderList } from './reminderTypes';
import './reminders.css';

/**
 * The in-app notice of due reminders, shown in every tab over whatever is open: each due
 * reminder with Dismiss and Snooze. It refreshes when the leader fires one (a change to the
 * reminders table) and, in the leader tab, raises the system notification when permitted; a
 * click on that notification sends this tab to the reminder's item.
 */
export function ReminderNotices(props: { client: VaultClient }) {
  createSystemNotifications(props.client);
  listenForOpenRoute();
  const failure = createFailure();
  const due = createLive(
    props.client,
    ['reminders'],
    () => 0,
    () => readOp<ReminderList>(props.client, 'reminders.getDue'),
  );
  const act = async (op: string, ...args: unknown[]) =>
    failure.take(await writeOp(props.client, op, ...args));
  return (
    <Show when={(due.data()?.reminders.length ?? 0) > 0 || failure.error()}>
      <section class="reminder-notices" aria-label="Due reminders">
        <FailureBanner error={failure.error()} onDismiss={failure.clear} />
        <For each={due.data()?.reminders}>
          {(r) => (
            <div class="reminder-notice" role="alert">
              <div>
                <strong>{r.title}</strong>
                <Show when={r.body}>{(b) => <p>{b()}</p>}</Show>
                <small>{formatWhen(r.remindAt)}</small>
              </div>
              <div class="reminder-actions">
                <button
                  type="button"
                  aria-label={`Snooze ${r.title} for 10 minutes`}
                  onClick={() => act('reminders.snooze', r.id, { minutes: 10 })}
                >
                  Snooze 10 min
                </button>
                <button
                  type="button"
                  class="primary"
                  aria-label={`Dismiss ${r.title}`}
                  onClick={() => act('reminders.dismiss', r.id)}
                >
                  Dismiss
                </button>
              </div>
            </div>
          )}
        </For>
      </section>
    </Show>
  );
}
