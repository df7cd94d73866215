import { createResource, createSignal, For } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import type { Bookmark } from '../bookmarks/bookmarkTypes';
import { readOp } from '../shared/callOp';
import { type HomeTarget, SECTION_TARGETS } from './homeTargets';

interface Props {
  client: VaultClient;
  onAdd: (input: {
    name: string;
    targetType: string;
    targetId: string;
    isDefault: boolean;
  }) => Promise<boolean>;
}

/** The places a home page can open: sections, projects, saved filters and bookmarked notes. */
async function loadTargets(client: VaultClient): Promise<HomeTarget[]> {
  const [projects, filters, bookmarks] = await Promise.all([
    readOp<{ projects: { id: string; name: string }[] }>(client, 'tasks.listProjects'),
    readOp<{ savedFilters: { id: string; name: string }[] }>(client, 'savedFilters.list'),
    readOp<{ bookmarks: Bookmark[] }>(client, 'bookmarks.listByType', 'note'),
  ]);
  return [
    ...SECTION_TARGETS,
    ...(projects.ok ? projects.value.projects : []).map((p) => ({
      targetType: 'project',
      targetId: p.id,
      label: `Project: ${p.name}`,
    })),
    ...(filters.ok ? filters.value.savedFilters : []).map((f) => ({
      targetType: 'savedFilter',
      targetId: f.id,
      label: `Filter: ${f.name}`,
    })),
    ...(bookmarks.ok ? bookmarks.value.bookmarks : []).map((b) => ({
      targetType: 'note',
      targetId: b.itemId,
      label: `Note: ${b.title}`,
    })),
  ];
}

/** Pin a place as a home page, optionally the default one. */
export function AddHomePage(props: Props) {
  const [targets] = createResource(() => loadTargets(props.client));
  const [choice, setChoice] = createSignal(0);
  const [name, setName] = createSignal('');
  const [isDefault, setDefault] = createSignal(false);
  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const target = targets()?.[choice()];
    if (!target) return;
    const ok = await props.onAdd({
      name: name().trim() || target.label,
      targetType: target.targetType,
      targetId: target.targetId,
      isDefault: isDefault(),
    });
    if (ok) {
      setName('');
      setDefault(false);
    }
  }
  return (
    <form class="record-form" onSubmit={submit} aria-label="Add home page">
      <label>
        Opens
        <select value={choice()} onChange={(e) => setChoice(Number(e.currentTarget.value))}>
          <For each={targets()}>{(t, i) => <option value={i()}>{t.label}</option>}</For>
        </select>
      </label>
      <label>
        Name
        <input
          value={name()}
          placeholder="as listed"
          onInput={(e) => setName(e.currentTarget.value)}
          maxLength={200}
        />
      </label>
      <label class="inline">
        <input type="checkbox" checked={isDefault()} onChange={(e) => setDefault(e.currentTarget.checked)} />
        Default
      </label>
      <button type="submit" class="primary">
        Add home page
      </button>
    </form>
  );
}
