import { createSignal, For, Show } from 'solid-js';
import { type WeekStart, weekdayLabels } from '../../../worker/domain/calendar/weekStart';
import { monthGrid } from '../../../worker/domain/journal/calendarRanges';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import { createLive } from '../shared/createLive';
import { shiftMonth } from './localDate';

interface Props {
  client: VaultClient;
  selected: string;
  today: string;
  /** the journal's weekStartsOn setting: the first column */
  weekStartsOn: WeekStart;
  onPick: (date: string) => void;
}

/** A month of days; days with an entry are marked; arrow buttons change the month. */
export function MonthCalendar(props: Props) {
  const [month, setMonth] = createSignal(props.selected.slice(0, 7));
  const entries = createLive(props.client, ['journal'], month, (m) =>
    readOp<{ entries: { date: string; wordCount: number }[] }>(props.client, 'journal.getMonthEntries', m),
  );
  const written = () => new Set(entries.data()?.entries.map((e) => e.date) ?? []);
  return (
    <section class="month-calendar" aria-label="Month">
      <div class="plan-bar">
        <button type="button" aria-label="Previous month" onClick={() => setMonth((m) => shiftMonth(m, -1))}>
          ‹
        </button>
        <h3>{month()}</h3>
        <button type="button" aria-label="Next month" onClick={() => setMonth((m) => shiftMonth(m, 1))}>
          ›
        </button>
      </div>
      <table>
        <thead>
          <tr>
            <For each={weekdayLabels(props.weekStartsOn)}>{(d) => <th scope="col">{d}</th>}</For>
          </tr>
        </thead>
        <tbody>
          <For each={monthGrid(month(), props.weekStartsOn)}>
            {(week) => (
              <tr>
                <For each={week}>
                  {(day) => (
                    <td>
                      <Show when={day}>
                        {(d) => (
                          <button
                            type="button"
                            aria-label={`${dayName(d())}${written().has(d()) ? ', has an entry' : ''}`}
                            aria-pressed={d() === props.selected}
                            data-written={written().has(d()) ? 'true' : undefined}
                            data-today={d() === props.today ? 'true' : undefined}
                            onClick={() => props.onPick(d())}
                          >
                            {Number(d().slice(8))}
                          </button>
                        )}
                      </Show>
                    </td>
                  )}
                </For>
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </section>
  );
}

/** A day's name that starts with the number the button shows (WCAG 2.5.3): "1 November 2026". */
function dayName(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const month = new Date(y, m - 1, d).toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
  return `${d} ${month}`;
}
