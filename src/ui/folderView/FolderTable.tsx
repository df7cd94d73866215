import { createMemo, createSignal, For, Show } from 'solid-js';
import type { PropertyDefinition } from '../../worker/ops/properties/propertyRules';
import { nameKeyOf } from '../../worker/ops/properties/propertyRules';
import { PropertyControl } from '../properties/PropertyControl';
import { cellText, coerceLike, type FolderNote, propertyValue } from './tableRows';

interface Props {
  caption: string;
  rows: FolderNote[];
  columns: string[];
  defs: PropertyDefinition[];
  onSet: (row: FolderNote, column: string, value: unknown) => void;
}

/** Rows drawn at first and per "Show more": thousands of live controls would make typing lag. */
const STEP = 200;

/**
 * The folder's notes as a table: the title opens the note, each property cell is its typed
 * control (the one the properties panel uses), written through properties.set. On a narrow
 * screen the table scrolls sideways inside its region with the title column kept in view.
 */
export function FolderTable(props: Props) {
  const [shown, setShown] = createSignal(STEP);
  const defOf = (column: string) => props.defs.find((d) => d.nameKey === nameKeyOf(column));
  // Rows are keyed by id, so a re-read after an edit updates cells in place and keeps focus.
  const byId = createMemo(() => new Map(props.rows.map((r) => [r.id, r])));
  const ids = () => props.rows.slice(0, shown()).map((r) => r.id);
  return (
    <>
      <section class="folder-table-scroll" aria-label={props.caption} tabindex="0">
        <table class="folder-table">
          <caption class="visually-hidden">{props.caption}</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <For each={props.columns}>
                {(c) => (
                  <th scope="col">
                    {c}
                    <Show when={defOf(c)}>{(d) => <span class="column-type"> {d().type}</span>}</Show>
                  </th>
                )}
              </For>
            </tr>
          </thead>
          <tbody>
            <For each={ids()}>
              {(id) => (
                <Show when={byId().get(id)}>
                  {(row) => (
                    <tr>
                      <th scope="row">
                        <a href={`#/note/${encodeURIComponent(id)}`}>{row().title}</a>
                      </th>
                      <For each={props.columns}>
                        {(c) => (
                          <td>
                            <Cell
                              row={row()}
                              column={c}
                              def={defOf(c)}
                              onSet={(v) => props.onSet(row(), c, v)}
                            />
                          </td>
                        )}
                      </For>
                    </tr>
                  )}
                </Show>
              )}
            </For>
          </tbody>
        </table>
      </section>
      <Show when={props.rows.length > shown()}>
        <button type="button" class="show-more" onClick={() => setShown((n) => n + STEP)}>
          Show {Math.min(STEP, props.rows.length - shown())} more rows
        </button>
      </Show>
    </>
  );
}

function Cell(props: {
  row: FolderNote;
  column: string;
  def: PropertyDefinition | undefined;
  onSet: (value: unknown) => void;
}) {
  const value = () => propertyValue(props.row, props.column);
  const label = () => `${props.column} of ${props.row.title}`;
  const nested = () => {
    const v = value();
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  };
  return (
    <Show
      when={!nested()}
      // A nested mapping has no cell editor; it is shown as it is and edited in the note.
      fallback={<span class="cell-text">{cellText(value())}</span>}
    >
      <PropertyControl
        name={props.column}
        label={label()}
        value={value() ?? null}
        def={props.def}
        onSet={(v) =>
          props.onSet(props.def ? v : coerceLike(value(), v === null || v === undefined ? null : String(v)))
        }
      />
    </Show>
  );
}
