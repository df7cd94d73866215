import { createSignal } from 'solid-js';
import { fromLocalInput, toLocalInput } from '../calendar/localTime';
import { CancelButton, type EditFormProps } from '../shared/editForm';
import type { Reminder } from './reminderTypes';

export interface ReminderInput {
  title: string;
  remindAt: string;
  body: string | null;
}

/**
 * A reminder's what and when (local date and time, to the second): a new one ("Add reminder"),
 * or an existing one changed in place ("Save reminder"; a new time makes a due one pending again).
 */
export function ReminderForm(props: EditFormProps<Reminder, ReminderInput>) {
  const start = props.editing;
  const [title, setTitle] = createSignal(start?.title ?? '');
  const [when, setWhen] = createSignal(
    toLocalInput(start ? new Date(start.remindAt) : new Date(Date.now() + 3_600_000)),
  );
  const [body, setBody] = createSignal(start?.body ?? '');
  const [problem, setProblem] = createSignal<string | null>(null);
  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const remindAt = fromLocalInput(when());
    if (title().trim() === '') return setProblem('Say what to remind you of.');
    if (remindAt === null) return setProblem('Pick a date and time.');
    setProblem(null);
    const ok = await props.onSave({ title: title().trim(), remindAt, body: body().trim() || null });
    if (ok && !start) {
      setTitle('');
      setBody('');
    }
  }
  return (
    <form class="record-form" onSubmit={submit} aria-label={start ? `Edit ${start.title}` : 'New reminder'}>
      <label>
        Remind me of
        <input value={title()} onInput={(e) => setTitle(e.currentTarget.value)} maxLength={500} />
      </label>
      <label>
        When
        <input
          type="datetime-local"
          step="1"
          value={when()}
          onInput={(e) => setWhen(e.currentTarget.value)}
        />
      </label>
      <label class="wide">
        Details
        <textarea rows={2} value={body()} onInput={(e) => setBody(e.currentTarget.value)} maxLength={10000} />
      </label>
      <button type="submit" class="primary">
        {start ? 'Save reminder' : 'Add reminder'}
      </button>
      <CancelButton onCancel={props.onCancel} />
      <p class="plan-failure" role="alert" hidden={problem() === null}>
        {problem()}
      </p>
    </form>
  );
}
