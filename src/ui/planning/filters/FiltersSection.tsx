import { createSignal, For, Show } from 'solid-js';
import type { SectionProps } from '../../app/section';
import { readOp, writeOp } from '../shared/callOp';
import { createFailure } from '../shared/createFailure';
import { createLive } from '../shared/createLive';
import { FailureBanner } from '../shared/FailureBanner';
import { MoveButtons } from '../shared/MoveButtons';
import { movedIds } from '../tasks/movedIds';
import { type FilterDraft, FilterForm } from './FilterForm';
import { FilterResults } from './FilterResults';
import '../planning.css';
import '../reminders/reminders.css';

interface SavedFilter extends FilterDraft {
  id: string;
}

/**
 * `#/filters[/<id>]`: saved task and note filters; choosing one shows what it matches. Each is
 * changed in place (Edit: `savedFilters.update`), moved up or down (`savedFilters.reorder`) and
 * deleted.
 */
export function FiltersSection(props: SectionProps) {
  const failure = createFailure();
  const list = createLive(
    props.client,
    ['savedFilters'],
    () => 0,
    () => readOp<{ savedFilters: SavedFilter[] }>(props.client, 'savedFilters.list'),
  );
  const selected = () => props.path()[0];
  const act = async (op: string, ...args: unknown[]) =>
    failure.take(await writeOp<unknown>(props.client, op, ...args));
  const [editing, setEditing] = createSignal<string | null>(null);
  const filters = () => list.data()?.savedFilters ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = movedIds(
      filters().map((f) => f.id),
      index,
      by,
    );
    if (ids !== null) void act('savedFilters.reorder', ids);
  };
  return (
    <div class="planning filters-section">
      <h2>Saved filters</h2>
      <FilterForm
        onSave={async (draft) => {
          const made = (await act('savedFilters.create', draft)) as { id: string } | null;
          if (made) props.go(made.id);
          return made !== null;
        }}
      />
      <FailureBanner error={failure.error() ?? list.error()} onDismiss={failure.clear} />
      <ul class="record-list" aria-label="Saved filters">
        <For each={list.data()?.savedFilters} fallback={<li class="empty">No saved filters yet.</li>}>
          {(f, i) => (
            <li>
              <Show when={editing() === f.id}>
                <FilterForm
                  editing={f}
                  onCancel={() => setEditing(null)}
                  onSave={async ({ name, filter }) => {
                    const ok = (await act('savedFilters.update', f.id, { name, filter })) !== null;
                    if (ok) setEditing(null);
                    return ok;
                  }}
                />
              </Show>
              <a
                href={`#/filters/${encodeURIComponent(f.id)}`}
                aria-current={selected() === f.id ? 'page' : undefined}
              >
                {f.name}
              </a>
              <div class="record-actions">
                <span class="record-meta">{f.target}</span>
                <MoveButtons
                  name={f.name}
                  first={i() === 0}
                  last={i() === filters().length - 1}
                  onMove={(by) => move(i(), by)}
                />
                <Show when={editing() !== f.id}>
                  <button type="button" aria-label={`Edit filter ${f.name}`} onClick={() => setEditing(f.id)}>
                    Edit
                  </button>
                </Show>
                <button
                  type="button"
                  aria-label={`Delete filter ${f.name}`}
                  onClick={async () => {
                    if (!confirm(`Delete the filter “${f.name}”?`)) return;
                    if ((await act('savedFilters.delete', f.id)) && selected() === f.id) props.go();
                  }}
                >
                  Delete
                </button>
              </div>
            </li>
          )}
        </For>
      </ul>
      <Show when={selected()} keyed>
        {(id) => <FilterResults client={props.client} id={id} />}
      </Show>
    </div>
  );
}
