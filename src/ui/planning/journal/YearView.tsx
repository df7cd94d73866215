import { For, Show } from 'solid-js';
import type { WeekStart } from '../../../worker/domain/calendar/weekStart';
import { heatLabel, heatmapWeeks } from '../../../worker/domain/journal/heatmapGrid';
import type { VaultClient } from '../../vault/createVaultClient';
import { readOp } from '../shared/callOp';
import { createLive } from '../shared/createLive';
import { FailureBanner } from '../shared/FailureBanner';

interface YearStats {
  entries: number;
  words: number;
  longestStreak: number;
  busiestMonth: { month: string; entries: number } | null;
}

/**
 * `#/journal/year/<YYYY>`: the year's numbers (journal.getYearStats) and a heatmap of its days
 * (journal.getHeatmap): a column a week, its first day (the journal's weekStartsOn) on top, the
 * shade by words written. Every day
 * has a label with its date and count; days with an entry are links to it.
 */
export function YearView(props: {
  client: VaultClient;
  year: number;
  weekStartsOn: WeekStart;
  go: (...path: string[]) => void;
}) {
  const heat = createLive(
    props.client,
    ['journal'],
    () => props.year,
    (y) => readOp<{ days: Record<string, number> }>(props.client, 'journal.getHeatmap', y),
  );
  const stats = createLive(
    props.client,
    ['journal'],
    () => props.year,
    (y) => readOp<YearStats>(props.client, 'journal.getYearStats', y),
  );
  const weeks = () => heatmapWeeks(props.year, heat.data()?.days ?? {}, props.weekStartsOn);
  return (
    <section class="journal-year" aria-labelledby="journal-year-title">
      <div class="plan-bar">
        <button
          type="button"
          aria-label="Previous year"
          onClick={() => props.go('year', String(props.year - 1))}
        >
          ←
        </button>
        <h2 id="journal-year-title">{props.year}</h2>
        <button type="button" aria-label="Next year" onClick={() => props.go('year', String(props.year + 1))}>
          →
        </button>
        <button type="button" onClick={() => props.go()}>
          Today
        </button>
      </div>
      <FailureBanner error={heat.error() ?? stats.error()} />
      <Show when={stats.data()}>
        {(s) => (
          <dl class="year-stats" aria-label="Year in numbers">
            <div>
              <dt>Entries</dt>
              <dd>{s().entries}</dd>
            </div>
            <div>
              <dt>Words</dt>
              <dd>{s().words}</dd>
            </div>
            <div>
              <dt>Longest streak</dt>
              <dd>
                {s().longestStreak} {s().longestStreak === 1 ? 'day' : 'days'}
              </dd>
            </div>
            <div>
              <dt>Busiest month</dt>
              <dd>{s().busiestMonth ? `${s().busiestMonth!.month} (${s().busiestMonth!.entries})` : '—'}</dd>
            </div>
          </dl>
        )}
      </Show>
      <fieldset class="heatmap">
        <legend class="visually-hidden">Journal entries in {props.year}</legend>
        <For each={weeks()}>
          {(week) => (
            <div class="heat-week">
              <For each={week}>
                {(cell) =>
                  cell === null ? (
                    <span class="heat-cell blank" aria-hidden="true" />
                  ) : cell.hasEntry ? (
                    <a
                      class="heat-cell"
                      data-level={cell.level}
                      href={`#/journal/${cell.date}`}
                      title={heatLabel(cell)}
                    >
                      <span class="visually-hidden">{heatLabel(cell)}</span>
                    </a>
                  ) : (
                    <span
                      class="heat-cell"
                      data-level="0"
                      role="img"
                      aria-label={heatLabel(cell)}
                      title={heatLabel(cell)}
                    />
                  )
                }
              </For>
            </div>
          )}
        </For>
      </fieldset>
      <p class="task-meta">Shade: words written that day (none, up to 50, 200, 500, more).</p>
    </section>
  );
}
