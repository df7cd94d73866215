import { For, Match, Switch } from 'solid-js';
import type { PropertyDefinition } from '../../worker/ops/properties/propertyRules';
import { createDrafts } from '../forms/createDrafts';

interface Props {
  name: string;
  value: unknown;
  def: PropertyDefinition | undefined;
  onSet: (value: unknown) => void;
  /** the control's accessible name (default "Property <name>"); a table cell names its note too */
  label?: string;
}

const asText = (v: unknown) =>
  v === null || v === undefined ? '' : Array.isArray(v) ? v.join(', ') : String(v);

/** The control that fits a property's type: a menu, checkboxes, a date, a number, a checkbox or text. */
export function PropertyControl(props: Props) {
  const label = () => props.label ?? `Property ${props.name}`;
  const type = () => props.def?.type ?? 'text';
  const options = () => props.def?.options ?? [];
  const chosen = () => (Array.isArray(props.value) ? props.value.map(String) : []);
  // A typed value stays until it is set (on change: Enter or leaving the box): the note, or the
  // folder table's rows, are read again on every write, and a box bound to the stored value was
  // written back over what was being typed.
  const typed = createDrafts();
  const text = () => typed.value('value', () => asText(props.value));
  const onInput = (e: InputEvent & { currentTarget: HTMLInputElement }) =>
    typed.input('value', e.currentTarget.value);
  const set = (value: unknown) => {
    typed.saved('value', asText(props.value));
    props.onSet(value);
  };
  return (
    <Switch
      fallback={
        <input
          aria-label={label()}
          value={text()}
          onInput={onInput}
          onChange={(e) => set(e.currentTarget.value === '' ? null : e.currentTarget.value)}
        />
      }
    >
      <Match when={type() === 'status' || type() === 'select'}>
        <select
          aria-label={label()}
          value={asText(props.value)}
          onChange={(e) => props.onSet(e.currentTarget.value || null)}
        >
          <option value="">—</option>
          <For each={options()}>
            {(o) => (
              <option value={o.value} data-color={o.color}>
                {o.value}
              </option>
            )}
          </For>
        </select>
      </Match>
      <Match when={type() === 'multiselect'}>
        <fieldset class="multi" aria-label={label()}>
          <For each={options()}>
            {(o) => (
              <label class="chip" data-color={o.color}>
                <input
                  type="checkbox"
                  checked={chosen().includes(o.value)}
                  onChange={(e) =>
                    props.onSet(
                      e.currentTarget.checked
                        ? [...chosen(), o.value]
                        : chosen().filter((v) => v !== o.value),
                    )
                  }
                />
                {o.value}
              </label>
            )}
          </For>
        </fieldset>
      </Match>
      <Match when={type() === 'checkbox'}>
        <input
          type="checkbox"
          aria-label={label()}
          checked={props.value === true}
          onChange={(e) => props.onSet(e.currentTarget.checked)}
        />
      </Match>
      <Match when={type() === 'number'}>
        <input
          type="number"
          aria-label={label()}
          value={text()}
          onInput={onInput}
          onChange={(e) => set(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
        />
      </Match>
      <Match when={type() === 'date'}>
        <input
          type="date"
          aria-label={label()}
          value={text()}
          onInput={onInput}
          onChange={(e) => set(e.currentTarget.value || null)}
        />
      </Match>
    </Switch>
  );
}
