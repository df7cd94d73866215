import { createEffect, createMemo, createSignal, on, Show } from 'solid-js';
import type { FolderView } from '../../worker/ops/folderView/folderViewSchemas';
import type { SectionProps } from '../app/section';
import type { VaultClient } from '../vault/createVaultClient';
import { createFolderTable, ROW_CAP } from './createFolderTable';
import { createSavedFilter } from './createSavedFilter';
import { FolderTable } from './FolderTable';
import { TableTools } from './TableTools';
import { filterRows, sortRows } from './tableRows';
import { ViewBar } from './ViewBar';
import { ALL_PROPERTIES, columnsOf, initialView, toggleColumn } from './viewColumns';
import './folderView.css';

/** `#/folder/<path...>`: the table of one folder's notes (no path: the vault root). */
export function FolderViewSection(props: SectionProps) {
  const folder = createMemo(() => props.path().join('/'));
  return (
    <Show when={{ path: folder() }} keyed>
      {(f) => <FolderViewPage client={props.client} folder={f.path} />}
    </Show>
  );
}

function FolderViewPage(props: { client: VaultClient; folder: string }) {
  const table = createFolderTable(props.client, props.folder);
  const name = props.folder === '' ? 'Vault root' : props.folder;
  // The chosen view; null until the first read says which one opens.
  const [chosen, setChosen] = createSignal<FolderView | null>(null);
  const current = createMemo(
    () => chosen() ?? (table.loaded() ? initialView(table.views(), table.config()) : ALL_PROPERTIES),
  );
  const filter = createSavedFilter(current, table.saveView);
  // A saved view follows what is stored once it is read again (after our write, or another tab's).
  createEffect(
    on(table.views, (views) => {
      const id = chosen()?.id;
      if (id) setChosen(views.find((v) => v.id === id) ?? ALL_PROPERTIES);
    }),
  );
  const columns = () => columnsOf(current(), table.available(), table.config());
  const rows = createMemo(() => sortRows(filterRows(table.rows(), filter.filter()), current().sort));

  /** Applies an edit to the view shown: stored at once for a saved view, kept for this visit otherwise. */
  async function change(edited: FolderView) {
    const view = filter.into(edited);
    setChosen(view);
    if (view.id !== '') await table.saveView(view);
  }

  async function create(viewName: string) {
    const view = filter.into({
      id: crypto.randomUUID(),
      name: viewName,
      type: 'table',
      columns: columns(),
      ...(current().sort ? { sort: current().sort } : {}),
    });
    if (!(await table.saveView(view))) return false;
    setChosen(view);
    await table.rememberView(view.id);
    return true;
  }

  async function remove() {
    const view = current();
    if (!confirm(`Delete the view “${view.name}”? The notes stay.`)) return;
    if (!(await table.deleteView(view.id))) return;
    setChosen(table.views()[0] ?? ALL_PROPERTIES);
    await table.rememberView(table.views()[0]?.id ?? '');
  }

  return (
    <div class="folder-view">
      <div class="folder-view-head">
        <a href="#/" class="back-link">
          Back to notes
        </a>
        <h2>Table: {name}</h2>
        <p class="count" aria-live="polite">
          <Show when={table.loaded()} fallback="Loading…">
            {rows().length === table.total()
              ? `${table.total()} ${table.total() === 1 ? 'note' : 'notes'}`
              : `${rows().length} of ${table.total()} notes`}
            {table.total() > ROW_CAP ? ` (the first ${ROW_CAP} are shown)` : ''}
          </Show>
        </p>
      </div>
      <Show
        when={!table.loadError()}
        fallback={
          <p class="error" role="alert">
            {table.loadError()?.message}
          </p>
        }
      >
        <ViewBar
          views={table.views()}
          current={current()}
          onSwitch={(id) => {
            setChosen(table.views().find((v) => v.id === id) ?? ALL_PROPERTIES);
            void table.rememberView(id);
          }}
          onCreate={create}
          onRename={async (n) => {
            const view = filter.into({ ...current(), name: n });
            const done = await table.saveView(view);
            if (done) setChosen(view);
            return done;
          }}
          onDelete={() => void remove()}
        />
        <TableTools
          available={table.available()}
          columns={columns()}
          sort={current().sort}
          filter={filter.filter()}
          onColumn={(n, shown) =>
            void change({ ...current(), columns: toggleColumn(columns(), n, shown, table.available()) })
          }
          onSort={(sort) => void change({ ...current(), sort })}
          onFilter={filter.set}
        />
        <Show when={table.writeError()}>
          {(m) => (
            <p class="error" role="alert">
              {m()}{' '}
              <button type="button" onClick={table.clearWriteError}>
                Dismiss
              </button>
            </p>
          )}
        </Show>
        <Show when={table.loaded() && table.total() === 0}>
          <p class="empty">This folder has no notes of its own.</p>
        </Show>
        <FolderTable
          caption={`Notes in ${name}`}
          rows={rows()}
          columns={columns()}
          defs={table.defs()}
          onSet={(row, column, value) => void table.setCell(row, column, value)}
        />
      </Show>
    </div>
  );
}
