import { For, Show } from 'solid-js';
import type { SetStoreFunction } from 'solid-js/store';
import {
  NTH_CHOICES,
  type Nth,
  type RepeatChoice,
  type RepeatEnds,
  type RepeatFormValues,
  WEEKDAY_CHOICES,
  type Weekday,
} from './repeatForm';

const UNIT: Record<RepeatChoice, string> = {
  none: '',
  daily: 'day(s)',
  weekly: 'week(s)',
  monthly: 'month(s)',
  yearly: 'year(s)',
};
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * Every field of a repeat rule (docs/tasks.md, "Repeating tasks"), controlled by the editor's
 * store. Empty anchors say "from the due date" in their labels, since that is what the worker does.
 */
export function RepeatFields(props: {
  form: RepeatFormValues;
  set: SetStoreFunction<RepeatFormValues>;
  repeatFrom: 'due' | 'completion';
  onRepeatFrom: (v: 'due' | 'completion') => void;
}) {
  const toggleDay = (day: Weekday, on: boolean) =>
    props.set('weekdays', (days) =>
      on ? [...days.filter((d) => d !== day), day] : days.filter((d) => d !== day),
    );
  return (
    <fieldset class="repeat-fields">
      <legend>Repeat</legend>
      <div class="form-row">
        <label>
          Repeat
          <select
            value={props.form.frequency}
            onChange={(e) => props.set('frequency', e.currentTarget.value as RepeatChoice)}
          >
            <option value="none">Never</option>
            <option value="daily">Daily</option>
            <option value="weekly">Weekly</option>
            <option value="monthly">Monthly</option>
            <option value="yearly">Yearly</option>
          </select>
        </label>
        <Show when={props.form.frequency !== 'none'}>
          <label>
            Every {UNIT[props.form.frequency]}
            <input
              type="number"
              min={1}
              max={999}
              value={props.form.interval}
              onInput={(e) => props.set('interval', Number(e.currentTarget.value))}
            />
          </label>
          <label>
            Repeat from
            <select
              value={props.repeatFrom}
              onChange={(e) => props.onRepeatFrom(e.currentTarget.value as 'due' | 'completion')}
            >
              <option value="due">Due date</option>
              <option value="completion">Completion</option>
            </select>
          </label>
        </Show>
      </div>
      <Show when={props.form.frequency === 'weekly'}>
        <fieldset class="weekday-picker">
          <legend>On (none ticked: the due date's weekday)</legend>
          <For each={WEEKDAY_CHOICES}>
            {(day) => (
              <label class="weekday-choice">
                <input
                  type="checkbox"
                  aria-label={day.label}
                  checked={props.form.weekdays.includes(day.value)}
                  onChange={(e) => toggleDay(day.value, e.currentTarget.checked)}
                />
                <span aria-hidden="true">{day.short}</span>
              </label>
            )}
          </For>
        </fieldset>
      </Show>
      <Show when={props.form.frequency === 'monthly'}>
        <div class="form-row">
          <label>
            Monthly by
            <select
              value={props.form.monthlyBy}
              onChange={(e) => props.set('monthlyBy', e.currentTarget.value as 'day' | 'nth')}
            >
              <option value="day">Day of the month</option>
              <option value="nth">Weekday of the month</option>
            </select>
          </label>
          <Show when={props.form.monthlyBy === 'nth'}>
            <label>
              Which
              <select
                value={String(props.form.nth)}
                onChange={(e) => props.set('nth', Number(e.currentTarget.value) as Nth)}
              >
                <For each={NTH_CHOICES}>{(n) => <option value={String(n.value)}>{n.label}</option>}</For>
              </select>
            </label>
            <label>
              Weekday
              <select
                value={props.form.nthWeekday}
                onChange={(e) => props.set('nthWeekday', e.currentTarget.value as Weekday)}
              >
                <For each={WEEKDAY_CHOICES}>{(d) => <option value={d.value}>{d.label}</option>}</For>
              </select>
            </label>
          </Show>
        </div>
      </Show>
      <Show when={props.form.frequency === 'yearly'}>
        <label>
          Month
          <select
            value={props.form.month === null ? '' : String(props.form.month)}
            onChange={(e) => props.set('month', numberOrNull(e.currentTarget.value))}
          >
            <option value="">The due date's month</option>
            <For each={MONTHS}>{(m, i) => <option value={String(i() + 1)}>{m}</option>}</For>
          </select>
        </label>
      </Show>
      <Show
        when={
          props.form.frequency === 'yearly' ||
          (props.form.frequency === 'monthly' && props.form.monthlyBy === 'day')
        }
      >
        <label>
          Day of the month (empty: the due date's)
          <input
            type="number"
            min={1}
            max={31}
            value={props.form.monthDay ?? ''}
            onInput={(e) => props.set('monthDay', numberOrNull(e.currentTarget.value))}
          />
        </label>
      </Show>
      <Show when={props.form.frequency !== 'none'}>
        <div class="form-row">
          <label>
            Ends
            <select
              value={props.form.ends}
              onChange={(e) => props.set('ends', e.currentTarget.value as RepeatEnds)}
            >
              <option value="never">Never</option>
              <option value="date">On a date</option>
              <option value="count">After a number of times</option>
            </select>
          </label>
          <Show when={props.form.ends === 'date'}>
            <label>
              End date
              <input
                type="date"
                value={props.form.endDate}
                onInput={(e) => props.set('endDate', e.currentTarget.value)}
              />
            </label>
          </Show>
          <Show when={props.form.ends === 'count'}>
            <label>
              Times in all
              <input
                type="number"
                min={1}
                max={10000}
                value={props.form.count ?? ''}
                onInput={(e) => props.set('count', numberOrNull(e.currentTarget.value))}
              />
            </label>
          </Show>
        </div>
      </Show>
    </fieldset>
  );
}
