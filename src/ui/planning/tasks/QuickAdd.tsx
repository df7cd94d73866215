import { createSignal } from 'solid-js';

interface Props {
  label: string;
  /** resolves true when the task was created (the field then clears) */
  onAdd: (title: string) => Promise<boolean>;
}

/** A one-line "new task" form: Enter or the Add button creates it. */
export function QuickAdd(props: Props) {
  const [title, setTitle] = createSignal('');
  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (title().trim() === '') return;
    if (await props.onAdd(title().trim())) setTitle('');
  }
  return (
    <form class="quick-add" onSubmit={submit}>
      <input
        aria-label={props.label}
        placeholder={props.label}
        value={title()}
        maxLength={500}
        onInput={(e) => setTitle(e.currentTarget.value)}
      />
      <button type="submit" class="primary">
        Add
      </button>
    </form>
  );
}
