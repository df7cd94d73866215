import { createSignal } from 'solid-js';

/** Tomorrow at 09:00 local, as a datetime-local input value (YYYY-MM-DDTHH:MM). */
function tomorrowNine(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T09:00`;
}

/**
 * A date and time (local, as the input shows it) and one button: the small form a conversion to
 * an event or a reminder needs. The worker takes instants, so the local time is sent as UTC ISO.
 */
export function WhenForm(props: {
  label: string;
  action: string;
  /** the button's accessible name, naming the item */
  actionLabel: string;
  onSubmit: (iso: string) => Promise<boolean>;
}) {
  const [value, setValue] = createSignal(tomorrowNine());
  const [busy, setBusy] = createSignal(false);
  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const ms = new Date(value()).getTime();
    if (Number.isNaN(ms)) return;
    setBusy(true);
    await props.onSubmit(new Date(ms).toISOString());
    setBusy(false);
  }
  return (
    <form class="inbox-when" onSubmit={(e) => void submit(e)}>
      <input
        type="datetime-local"
        aria-label={props.label}
        required
        value={value()}
        onInput={(e) => setValue(e.currentTarget.value)}
      />
      <button type="submit" aria-label={props.actionLabel} disabled={busy()}>
        {props.action}
      </button>
    </form>
  );
}
