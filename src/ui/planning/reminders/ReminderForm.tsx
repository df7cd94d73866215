import { createSignal } from 'solid-js';
import { fromLocalInput, toLocalInput } from '../calendar/localTime';

interface Props {
  onCreate: (input: { title: string; remindAt: string; body?: string }) => Promise<boolean>;
}

/** New reminder: what and when (local date and time, to the second). */
export function ReminderForm(props: Props) {
  const [title, setTitle] = createSignal('');
  const [when, setWhen] = createSignal(toLocalInput(new Date(Date.now() + 3_600_000)));
  const [body, setBody] = createSignal('');
  const [problem, setProblem] = createSignal<string | null>(null);
  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const remindAt = fromLocalInput(when());
    if (title().trim() === '') return setProblem('Say what to remind you of.');
    if (remindAt === null) return setProblem('Pick a date and time.');
    setProblem(null);
    const ok = await props.onCreate({
      title: title().trim(),
      remindAt,
      ...(body().trim() ? { body: body().trim() } : {}),
    });
    if (ok) {
      setTitle('');
      setBody('');
    }
  }
  return (
    <form class="record-form" onSubmit={submit} aria-label="New reminder">
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
        Add reminder
      </button>
      <p class="plan-failure" role="alert" hidden={problem() === null}>
        {problem()}
      </p>
    </form>
  );
}
