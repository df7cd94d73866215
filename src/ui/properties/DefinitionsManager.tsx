import { For, Show } from 'solid-js';
import { hasOptions, OPTION_COLORS, PROPERTY_TYPES } from '../../worker/ops/properties/propertyRules';
import type { NotePropertiesStore } from './createNoteProperties';

/** Property definitions: create one; add, recolour, rename and remove the options of choice types. */
export function DefinitionsManager(props: { store: NotePropertiesStore }) {
  const s = props.store;
  let nameInput!: HTMLInputElement;
  let typeSelect!: HTMLSelectElement;
  return (
    <details class="definitions">
      <summary>Manage property types</summary>
      <form
        class="new-definition"
        onSubmit={async (e) => {
          e.preventDefault();
          if (await s.run('notes.createPropertyDefinition', [nameInput.value.trim(), typeSelect.value]))
            nameInput.value = '';
        }}
      >
        <input ref={nameInput} aria-label="New property name" placeholder="Name" required />
        <select ref={typeSelect} aria-label="New property type">
          <For each={PROPERTY_TYPES}>{(t) => <option value={t}>{t}</option>}</For>
        </select>
        <button type="submit">Define</button>
      </form>
      <For each={s.defs()}>
        {(d) => (
          <section class="definition" aria-label={`Property type ${d.name}`}>
            <h4>
              {d.name} <span class="muted">{d.type}</span>
            </h4>
            <Show when={hasOptions(d.type)}>
              <ul>
                <For each={d.options}>
                  {(o) => (
                    <li class="option-row">
                      <span class="chip" data-color={o.color}>
                        {o.value}
                      </span>
                      <select
                        aria-label={`Colour of ${o.value}`}
                        value={o.color}
                        onChange={(e) =>
                          void s.run('notes.updateOptionColor', [d.name, o.value, e.currentTarget.value])
                        }
                      >
                        <For each={OPTION_COLORS}>{(c) => <option value={c}>{c}</option>}</For>
                      </select>
                      <button
                        type="button"
                        aria-label={`Rename option ${o.value}`}
                        onClick={() => {
                          const to = prompt(`Rename “${o.value}” to:`, o.value);
                          if (to && to.trim() !== '' && to !== o.value)
                            void s.run('notes.renamePropertyOption', [d.name, o.value, to.trim()]);
                        }}
                      >
                        Rename
                      </button>
                      <button
                        type="button"
                        class="danger"
                        aria-label={`Remove option ${o.value}`}
                        onClick={() => void s.run('notes.removePropertyOption', [d.name, o.value])}
                      >
                        Remove
                      </button>
                    </li>
                  )}
                </For>
              </ul>
              <form
                class="new-option"
                onSubmit={async (e) => {
                  e.preventDefault();
                  const input = e.currentTarget.elements.namedItem('option') as HTMLInputElement;
                  if (await s.run('notes.addPropertyOption', [d.name, input.value.trim()])) input.value = '';
                }}
              >
                <input
                  name="option"
                  aria-label={`New option for ${d.name}`}
                  placeholder="New option"
                  required
                />
                <button type="submit">Add option</button>
              </form>
            </Show>
          </section>
        )}
      </For>
    </details>
  );
}
