import { For, Show } from 'solid-js';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp, writeOp } from '../shared/callOp';
import type { Failure } from '../shared/createFailure';
import { createLive } from '../shared/createLive';
import type { CalendarDateProperty } from './eventTypes';

/**
 * "Note dates": which date properties put notes on the calendar, one checkbox each
 * (notes.getCalendarPropertyNames; a change is notes.setCalendarPropertyVisibility). Stays current
 * as notes gain or lose date properties and as definitions change.
 */
export function NoteDatesControl(props: { client: VaultClient; failure: Pick<Failure, 'take'> }) {
  const names = createLive(
    props.client,
    ['notes', 'propertyDefinitions', 'calendarProperties'],
    () => true,
    () => readOp<CalendarDateProperty[]>(props.client, 'notes.getCalendarPropertyNames'),
  );
  async function toggle(p: CalendarDateProperty, visible: boolean) {
    props.failure.take(await writeOp(props.client, 'notes.setCalendarPropertyVisibility', p.name, visible));
  }
  return (
    <details class="note-dates">
      <summary>Note dates</summary>
      <Show
        when={(names.data()?.length ?? 0) > 0}
        fallback={<p class="empty">No note has a date property yet (e.g. “due: 2026-11-25”).</p>}
      >
        <fieldset>
          <legend>Show notes by</legend>
          <For each={names.data()}>
            {(p) => (
              <label>
                <input
                  type="checkbox"
                  checked={p.visible}
                  onChange={(e) => void toggle(p, e.currentTarget.checked)}
                />
                {p.name}
              </label>
            )}
          </For>
        </fieldset>
      </Show>
    </details>
  );
}
