import { createSignal, For, Show } from 'solid-js';
import type { SectionProps } from '../../app/section';
import { formatWhen } from '../calendar/localTime';
import { readOp, writeOp } from '../shared/callOp';
import { createFailure } from '../shared/createFailure';
import { createLive } from '../shared/createLive';
import { FailureBanner } from '../shared/FailureBanner';
import { ReminderForm, type ReminderInput } from './ReminderForm';
import type { ReminderList } from './reminderTypes';
import '../planning.css';
import './reminders.css';

const LISTS = [
  ['', 'Pending', undefined],
  ['dismissed', 'Dismissed', 'dismissed'],
] as const;

const permissionText: Record<string, string> = {
  granted: 'System notifications are on.',
  denied: 'System notifications are blocked in the browser’s site settings; reminders show inside the app.',
  unsupported: 'This browser cannot show system notifications; reminders show inside the app.',
};

/**
 * `#/reminders[/dismissed]`: add reminders, see what is coming, change one in place (Edit:
 * `reminders.update`), turn on system notifications.
 */
export function RemindersSection(props: SectionProps) {
  const failure = createFailure();
  const list = () => LISTS.find(([id]) => id === (props.path()[0] ?? '')) ?? LISTS[0];
  const page = createLive(props.client, ['reminders'], list, ([, , state]) =>
    readOp<ReminderList>(props.client, 'reminders.list', state ? { state } : {}),
  );
  const current = () => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);
  const [permission, setPermission] = createSignal<string>(current());
  const act = async (op: string, ...args: unknown[]) =>
    failure.take(await writeOp<unknown>(props.client, op, ...args)) !== null;
  // The reminder whose row shows its edit form (one at a time).
  const [editing, setEditing] = createSignal<string | null>(null);
  const save = async (id: string, patch: ReminderInput) => {
    const ok = await act('reminders.update', id, patch);
    if (ok) setEditing(null);
    return ok;
  };

  return (
    <div class="planning reminders-section">
      <nav class="plan-tabs" aria-label="Reminder lists">
        <For each={LISTS}>
          {([id, label]) => (
            <a href={`#/reminders${id ? `/${id}` : ''}`} aria-current={list()[0] === id ? 'page' : undefined}>
              {label}
            </a>
          )}
        </For>
      </nav>
      <ReminderForm
        onSave={({ body, ...input }) => act('reminders.create', body === null ? input : { ...input, body })}
      />
      <p class="record-meta">
        <Show when={permission() === 'default'} fallback={permissionText[permission()]}>
          <button
            type="button"
            onClick={async () => {
              setPermission(await Notification.requestPermission());
            }}
          >
            Turn on system notifications
          </button>{' '}
          Without them, reminders show inside the app while it is open.
        </Show>
      </p>
      <FailureBanner error={failure.error() ?? page.error()} onDismiss={failure.clear} />
      <ul class="record-list" aria-label={`${list()[1]} reminders`}>
        <For each={page.data()?.reminders} fallback={<li class="empty">No reminders.</li>}>
          {(r) => (
            <li>
              <Show when={editing() === r.id}>
                <ReminderForm
                  editing={r}
                  onSave={(patch) => save(r.id, patch)}
                  onCancel={() => setEditing(null)}
                />
              </Show>
              <div>
                <strong>{r.title}</strong>
                <div class="record-meta">
                  {formatWhen(r.remindAt)}
                  {r.state === 'fired' ? ' · due' : ''}
                  {r.snoozeCount > 0 ? ` · snoozed ${r.snoozeCount}×` : ''}
                </div>
              </div>
              <div class="record-actions">
                <Show when={editing() !== r.id}>
                  <button
                    type="button"
                    aria-label={`Edit reminder ${r.title}`}
                    onClick={() => setEditing(r.id)}
                  >
                    Edit
                  </button>
                </Show>
                <Show when={r.state !== 'dismissed'}>
                  <button
                    type="button"
                    aria-label={`Dismiss ${r.title}`}
                    onClick={() => act('reminders.dismiss', r.id)}
                  >
                    Dismiss
                  </button>
                </Show>
                <button
                  type="button"
                  aria-label={`Delete reminder ${r.title}`}
                  onClick={() =>
                    confirm(`Delete the reminder “${r.title}”?`) && act('reminders.delete', r.id)
                  }
                >
                  Delete
                </button>
              </div>
            </li>
          )}
        </For>
      </ul>
    </div>
  );
}
