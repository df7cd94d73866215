import { createSignal, For, onMount } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import type { FileTarget } from './inboxActions';

interface Choice {
  target: FileTarget;
  label: string;
}

/** Projects (an item becomes a task there) and folders (a note there), read once when shown. */
async function loadChoices(client: VaultClient): Promise<Choice[]> {
  const [projects, folders] = await Promise.all([
    readOp<{ projects: { id: string; name: string }[] }>(client, 'tasks.listProjects'),
    readOp<{ path: string }[]>(client, 'notes.getFolders'),
  ]);
  return [
    ...(projects.ok ? projects.value.projects : []).map((p) => ({
      target: { projectId: p.id },
      label: `project ${p.name}`,
    })),
    { target: { folder: '' }, label: 'the vault root' },
    ...(folders.ok ? folders.value : []).map((f) => ({
      target: { folder: f.path },
      label: `folder ${f.path}`,
    })),
  ];
}

/**
 * A "where to" select and one button: bulk filing and "File all stale" share it. The options
 * are the places `inbox.file` accepts (docs/planning.md, Inbox UI).
 */
export function TargetPicker(props: {
  client: VaultClient;
  label: string;
  action: string;
  onFile: (target: FileTarget, label: string) => Promise<unknown>;
}) {
  // A plain signal, not a resource: reading a resource would suspend the section around it.
  const [choices, setChoices] = createSignal<Choice[] | null>(null);
  onMount(() => void loadChoices(props.client).then(setChoices));
  const [index, setIndex] = createSignal(0);
  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const c = choices()?.[index()];
    if (c) await props.onFile(c.target, c.label);
  }
  return (
    <form class="inbox-when" onSubmit={(e) => void submit(e)}>
      <select aria-label={props.label} onChange={(e) => setIndex(Number(e.currentTarget.value))}>
        <For each={choices() ?? []}>
          {(c, i) => (
            <option value={i()} selected={i() === index()}>
              {c.label[0]?.toUpperCase()}
              {c.label.slice(1)}
            </option>
          )}
        </For>
      </select>
      <button type="submit" disabled={!choices()}>
        {props.action}
      </button>
    </form>
  );
}
