import { createMemo, createSignal, createUniqueId, For, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import { createLive } from '../shared/createLive';
import { parseQuickAdd, type QuickAddFields } from './quickAddParse';
import { type ProjectEntry, TASK_TABLES } from './taskTypes';

interface Props {
  client: VaultClient;
  label: string;
  /** what the view adds when the line does not say it (today's date, this project, a parent) */
  defaults?: () => Record<string, unknown>;
  /** resolves true when the task was created (the field then clears) */
  onAdd: (input: Record<string, unknown>) => Promise<boolean>;
}

/**
 * The "new task" line that reads what you type (quickAddParse: dates, repeats, !priority, #tags,
 * +Project) and shows what it understood before Enter adds it. Each understood part can be
 * dismissed, which keeps its words in the title.
 */
export function TaskQuickAdd(props: Props) {
  const [text, setText] = createSignal('');
  const [ignored, setIgnored] = createSignal<ReadonlySet<string>>(new Set());
  const projects = createLive(
    props.client,
    TASK_TABLES,
    () => 0,
    () => readOp<{ projects: ProjectEntry[] }>(props.client, 'tasks.listProjects', {}),
  );
  const read = createMemo(() =>
    parseQuickAdd(text(), { now: new Date(), projects: projects.data()?.projects ?? [], ignore: ignored() }),
  );
  const keep = (part: string) => setIgnored(new Set([...ignored(), part]));

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (text().trim() === '') return;
    const fields: QuickAddFields = read().fields;
    if (await props.onAdd({ ...(props.defaults?.() ?? {}), ...fields })) {
      setText('');
      setIgnored(new Set<string>());
    }
  }
  const id = `qa-${createUniqueId()}`;
  return (
    <form class="quick-add task-quick-add" onSubmit={submit}>
      <div class="quick-add-line">
        <input
          aria-label={props.label}
          aria-describedby={`${id}-read`}
          placeholder={`${props.label} (try “tomorrow !high #home”)`}
          value={text()}
          maxLength={500}
          onInput={(e) => setText(e.currentTarget.value)}
        />
        <button type="submit" class="primary">
          Add
        </button>
      </div>
      <div class="quick-add-read" id={`${id}-read`} aria-live="polite">
        <Show when={read().parts.length > 0}>
          <span class="visually-hidden">Will add “{read().fields.title}”: </span>
          <ul aria-label="Understood">
            <For each={read().parts}>
              {(part) => (
                <li class={`qa-part qa-${part.kind}`}>
                  <span>{part.label}</span>
                  <button
                    type="button"
                    class="qa-keep"
                    aria-label={`Keep “${part.text}” as text`}
                    title={`Keep “${part.text}” as text`}
                    onClick={() => keep(part.text)}
                  >
                    ×
                  </button>
                </li>
              )}
            </For>
          </ul>
        </Show>
      </div>
    </form>
  );
}
