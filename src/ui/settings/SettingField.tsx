import { createSignal, For, Match, Show, Switch } from 'solid-js';
import type { Result } from '../../worker/ops/result';
import type { SchemaNode } from '../../worker/ops/schema';
import { createDrafts } from '../forms/createDrafts';

interface Props {
  /** the setting's key, group.field: the control's id */
  id: string;
  schema: SchemaNode;
  value: unknown;
  onSet: (value: unknown) => Promise<Result<unknown>>;
}

const OPTION_TEXT: Record<string, string> = {
  system: 'Match the system',
  '24h': '24-hour',
  '12h': '12-hour',
};
const optionText = (v: unknown) => OPTION_TEXT[String(v)] ?? capitalize(String(v));
function capitalize(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The control of one setting, chosen by its schema; a refusal shows beside it and nothing changes. */
export function SettingField(props: Props) {
  const [error, setError] = createSignal('');
  const label = () => capitalize(props.schema.description ?? props.id);
  async function commit(value: unknown) {
    const res = await props.onSet(value);
    setError(res.ok ? '' : res.error.message);
  }
  // A typed value stays until it is set (on change) or refused: every settings group re-read (any
  // setting changed here, in another tab, by an agent) wrote the stored value back over a box
  // being typed in. A refused value stays in the box beside its error.
  const typed = createDrafts();
  const text = () => typed.value('value', () => String(props.value ?? ''));
  const onInput = (e: InputEvent & { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
    typed.input('value', e.currentTarget.value);
  async function commitTyped(value: unknown) {
    const before = String(props.value ?? '');
    const res = await props.onSet(value);
    setError(res.ok ? '' : res.error.message);
    if (res.ok) typed.saved('value', before);
  }
  const errorId = () => `${props.id}-error`;
  return (
    <div class="setting">
      <Switch
        fallback={
          <label>
            {label()}
            <Show
              when={(props.schema.maxLength ?? 0) > 1000}
              fallback={
                <input
                  type="text"
                  value={text()}
                  aria-describedby={error() ? errorId() : undefined}
                  onInput={onInput}
                  onChange={(e) => void commitTyped(e.currentTarget.value)}
                />
              }
            >
              <textarea
                rows={4}
                value={text()}
                onInput={onInput}
                onChange={(e) => void commitTyped(e.currentTarget.value)}
              />
            </Show>
          </label>
        }
      >
        <Match when={props.schema.type === 'boolean'}>
          <label class="check">
            <input
              type="checkbox"
              checked={props.value === true}
              onChange={(e) => void commit(e.currentTarget.checked)}
            />
            {label()}
          </label>
        </Match>
        <Match when={props.schema.enum}>
          {(values) => (
            <label>
              {label()}
              <select value={String(props.value)} onChange={(e) => void commit(e.currentTarget.value)}>
                <For each={values()}>{(v) => <option value={String(v)}>{optionText(v)}</option>}</For>
              </select>
            </label>
          )}
        </Match>
        <Match when={props.schema.type === 'integer'}>
          <label>
            {label()}
            <input
              type="number"
              inputMode="numeric"
              min={props.schema.minimum}
              max={props.schema.maximum}
              value={text()}
              aria-describedby={error() ? errorId() : undefined}
              onInput={onInput}
              onChange={(e) => {
                const n = e.currentTarget.valueAsNumber;
                void commitTyped(Number.isNaN(n) ? e.currentTarget.value : n);
              }}
            />
          </label>
        </Match>
      </Switch>
      <Show when={error()}>
        <p id={errorId()} class="error" role="alert">
          {error()}
        </p>
      </Show>
    </div>
  );
}
