import { For } from 'solid-js';
import type { ViewFilter } from '../../worker/ops/folderView/folderViewSchemas';
import { BUILT_IN_SORTS, type SortSpec } from './tableRows';
import type { AvailableProperty } from './viewColumns';

interface Props {
  available: AvailableProperty[];
  columns: string[];
  sort: SortSpec | undefined;
  filter: ViewFilter;
  onColumn: (name: string, shown: boolean) => void;
  onSort: (sort: SortSpec) => void;
  onFilter: (filter: ViewFilter) => void;
}

/** Which property columns show, the sort (saved with the view) and a filter (saved with a saved view, kept for the visit otherwise). */
export function TableTools(props: Props) {
  const shown = (name: string) => props.columns.some((c) => c.toLowerCase() === name.toLowerCase());
  const sortBy = () => props.sort?.property ?? 'title';
  const direction = () => props.sort?.direction ?? 'asc';
  return (
    <div class="table-tools">
      <details class="columns-picker">
        <summary>Columns ({props.columns.length})</summary>
        <fieldset>
          <legend class="visually-hidden">Property columns</legend>
          <For each={props.available} fallback={<p class="empty">No note here has properties yet.</p>}>
            {(p) => (
              <label>
                <input
                  type="checkbox"
                  checked={shown(p.name)}
                  onChange={(e) => props.onColumn(p.name, e.currentTarget.checked)}
                />
                {p.name} <span class="muted">({p.count})</span>
              </label>
            )}
          </For>
        </fieldset>
      </details>
      <label>
        Sort by
        <select
          value={sortBy()}
          onChange={(e) => props.onSort({ property: e.currentTarget.value, direction: direction() })}
        >
          <For each={BUILT_IN_SORTS}>
            {(s) => <option value={s}>{s[0]?.toUpperCase() + s.slice(1)}</option>}
          </For>
          <For each={props.available}>{(p) => <option value={p.name}>{p.name}</option>}</For>
        </select>
      </label>
      <label>
        Order
        <select
          value={direction()}
          onChange={(e) =>
            props.onSort({ property: sortBy(), direction: e.currentTarget.value === 'desc' ? 'desc' : 'asc' })
          }
        >
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </select>
      </label>
      <label>
        Filter by
        <select
          value={props.filter.property}
          onChange={(e) => props.onFilter({ ...props.filter, property: e.currentTarget.value })}
        >
          <option value="title">Title</option>
          <For each={props.available}>{(p) => <option value={p.name}>{p.name}</option>}</For>
        </select>
      </label>
      <label>
        Contains
        <input
          type="search"
          value={props.filter.text}
          onInput={(e) => props.onFilter({ ...props.filter, text: e.currentTarget.value })}
        />
      </label>
    </div>
  );
}
