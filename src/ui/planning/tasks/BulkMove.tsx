import { createSignal, For } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { reconciledValueStorage } from '../../vault/reconciledStorage';
import { readOp } from '../shared/callOp';
import { createLiveValue } from '../shared/createLiveValue';
import { type ProjectEntry, TASK_TABLES } from './taskTypes';

interface Props {
  client: VaultClient;
  /** the project the list shows (moving there would change nothing), if any */
  excludeProjectId?: string;
  disabled: boolean;
  onMove: (projectId: string, projectName: string) => void;
}

/** "Move to project": a picker of the active projects and a Move button (keyboard-safe: no move on change). */
export function BulkMove(props: Props) {
  const list = createLiveValue(
    props.client,
    TASK_TABLES,
    () => 0,
    () => readOp<{ projects: ProjectEntry[] }>(props.client, 'tasks.listProjects'),
    // Reconciled: rebuilt options would show the first project while Move uses the picked one.
    reconciledValueStorage<{ projects: ProjectEntry[] }>('id'),
  );
  const targets = () => list.data()?.projects.filter((p) => p.id !== props.excludeProjectId) ?? [];
  const [picked, setPicked] = createSignal('');
  // Until the user picks, the first target is the one shown (and the one a Move uses).
  const target = () => targets().find((p) => p.id === picked()) ?? targets()[0];
  return (
    <span class="bulk-move">
      <select
        aria-label="Move to project"
        value={target()?.id ?? ''}
        onChange={(e) => setPicked(e.currentTarget.value)}
      >
        <For each={targets()}>{(p) => <option value={p.id}>{p.name}</option>}</For>
      </select>
      <button
        type="button"
        disabled={props.disabled || target() === undefined}
        onClick={() => {
          const t = target();
          if (t) props.onMove(t.id, t.name);
        }}
      >
        Move
      </button>
    </span>
  );
}
