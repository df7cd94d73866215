import { createSignal } from 'solid-js';

/** One tag name and an Add button (a leading # is dropped by the worker). */
export function TagForm(props: {
  label: string;
  action: string;
  actionLabel: string;
  onAdd: (tag: string) => Promise<boolean>;
}) {
  const [tag, setTag] = createSignal('');
  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const name = tag().trim();
    if (name === '') return;
    if (await props.onAdd(name)) setTag('');
  }
  return (
    <form class="inbox-when" onSubmit={(e) => void submit(e)}>
      <input
        type="text"
        aria-label={props.label}
        placeholder="tag"
        maxLength={100}
        value={tag()}
        onInput={(e) => setTag(e.currentTarget.value)}
      />
      <button type="submit" aria-label={props.actionLabel}>
        {props.action}
      </button>
    </form>
  );
}
