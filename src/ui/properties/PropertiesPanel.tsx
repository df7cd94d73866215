import { For, Show } from 'solid-js';
import type { PropertyDefinition } from '../../worker/ops/properties/propertyRules';
import type { VaultClient } from '../vault/createVaultClient';
import { createNoteProperties } from './createNoteProperties';
import { DefinitionsManager } from './DefinitionsManager';
import { PropertyControl } from './PropertyControl';
import './properties.css';

/** The empty value a property starts with when added from its definition. */
const emptyOf = (d: PropertyDefinition): unknown =>
  d.type === 'checkbox' ? false : d.type === 'multiselect' ? [] : null;

/** The open note's typed properties: edit each with its control, add one from the definitions, manage definitions. */
export function PropertiesPanel(props: { client: VaultClient; noteId: string }) {
  const store = createNoteProperties(props.client, () => props.noteId);
  const byKey = () => new Map(store.defs().map((d) => [d.nameKey, d]));
  // Rows by key (a string, the same over re-reads): rows built from `[key, value]` entries were
  // all rebuilt on every re-read of the note, and a value being typed in one was lost.
  const keys = () => Object.keys(store.values()?.properties ?? {});
  const missing = () => {
    const have = new Set(keys().map((k) => k.toLowerCase()));
    return store.defs().filter((d) => !have.has(d.nameKey));
  };
  return (
    <details class="properties" aria-label="Properties">
      <summary>Properties ({keys().length})</summary>
      <Show when={store.values()?.error}>
        {(e) => <p class="error">The frontmatter cannot be read: {e()}</p>}
      </Show>
      <Show when={store.error()}>
        {(m) => (
          <p class="error" role="alert">
            {m()}
          </p>
        )}
      </Show>
      <dl>
        <For each={keys()}>
          {(key) => (
            <div class="property-row">
              <dt>{key}</dt>
              <dd>
                <PropertyControl
                  name={key}
                  value={store.values()?.properties[key]}
                  def={byKey().get(key.toLowerCase())}
                  onSet={(v) => void store.set(key, v)}
                />
              </dd>
            </div>
          )}
        </For>
      </dl>
      <Show when={missing().length > 0}>
        <label class="add-property">
          Add property
          <select
            aria-label="Add property"
            value=""
            onChange={(e) => {
              const d = store.defs().find((x) => x.nameKey === e.currentTarget.value);
              e.currentTarget.value = '';
              if (d) void store.set(d.name, emptyOf(d));
            }}
          >
            <option value="">Choose…</option>
            <For each={missing()}>{(d) => <option value={d.nameKey}>{d.name}</option>}</For>
          </select>
        </label>
      </Show>
      <DefinitionsManager store={store} />
    </details>
  );
}
