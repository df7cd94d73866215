import { createSignal, For, Match, Show, Switch } from 'solid-js';
import type { Result } from '../../worker/ops/result';
import type { SchemaNode } from '../../worker/ops/schema';

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
                  value={String(props.value ?? '')}
                  aria-describedby={error() ? errorId() : undefined}
                  onChange={(e) => void commit(e.currentTarget.value)}
                />
              }
            >
              <textarea rows={4} onChange={(e) => void commit(e.currentTarget.value)}>
                {String(props.value ?? '')}
              </textarea>
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
              value={String(props.value)}
              aria-describedby={error() ? errorId() : undefined}
              onChange={(e) => {
                const n = e.currentTarget.valueAsNumber;
                void commit(Number.isNaN(n) ? e.currentTarget.value : n);
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
