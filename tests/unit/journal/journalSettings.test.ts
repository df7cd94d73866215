import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayInWeek, weekdayLabels, weekStartOf } from '../../../src/worker/domain/calendar/weekStart';
import { monthGrid } from '../../../src/worker/domain/journal/calendarRanges';
import { journalEntryStart } from '../../../src/worker/domain/journal/entryTemplate';
import { heatmapWeeks } from '../../../src/worker/domain/journal/heatmapGrid';
import { createSettingsStore } from '../../../src/worker/settings/settingsStore';
import { openTestVault, value } from '../planning/harness';

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe('weekStartsOn: the week grids', () => {
  it('names the columns from the first day', () => {
    expect(weekdayLabels('monday')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdayLabels('sunday')).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });

  it('finds the start of a week across a month and a year end', () => {
    // 2026-11-21 is a Saturday; 2027-01-01 a Friday.
    expect(weekStartOf('2026-11-21', 'monday')).toBe('2026-11-16');
    expect(weekStartOf('2026-11-21', 'sunday')).toBe('2026-11-15');
    expect(weekStartOf('2026-11-15', 'sunday')).toBe('2026-11-15');
    expect(weekStartOf('2026-11-15', 'monday')).toBe('2026-11-09');
    expect(weekStartOf('2027-01-01', 'sunday')).toBe('2026-12-27');
    expect([dayInWeek('2026-11-15', 'sunday'), dayInWeek('2026-11-15', 'monday')]).toEqual([0, 6]);
  });

  it('lays a month out from the chosen day: November 2026 starts on a Sunday', () => {
    const sunday = monthGrid('2026-11', 'sunday');
    expect(sunday[0]).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
    expect(sunday).toHaveLength(5);
    expect(monthGrid('2026-11', 'monday')[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(monthGrid('2026-11', 'monday')).toHaveLength(6);
    for (const start of ['monday', 'sunday'] as const)
      for (const week of monthGrid('2024-02', start)) {
        expect(week).toHaveLength(7);
        const firstDate = week.find((d) => d !== null)!;
        // Every date sits in the column of its weekday.
        expect(week.indexOf(firstDate)).toBe(dayInWeek(firstDate, start));
      }
    expect(
      monthGrid('2024-02', 'sunday')
        .flat()
        .filter((d) => d !== null),
    ).toHaveLength(29);
  });

  it('starts every heatmap column on the chosen day', () => {
    const weeks = heatmapWeeks(2026, {}, 'sunday'); // 2026-01-01 is a Thursday
    expect(weeks[0]!.slice(0, 5).map((c) => c?.date ?? null)).toEqual([null, null, null, null, '2026-01-01']);
    for (const w of weeks.slice(1)) expect(weekday(w[0]!.date)).toBe(0);
    for (const w of heatmapWeeks(2026, {}).slice(1)) expect(weekday(w[0]!.date)).toBe(1);
    expect(weeks.flat().filter((c) => c !== null)).toHaveLength(365);
  });
});

describe('entryTemplate: what a new entry starts with', () => {
  const now = Date.parse('2026-11-21T08:05:00Z');

  it('fills the variables with the entry’s own day, time with now', () => {
    expect(
      journalEntryStart(
        '# {{title}}\n{{weekday}} {{day}}.{{month}}.{{year}} at {{time}} ({{datetime}})',
        '2026-11-15',
        now,
        'Europe/Berlin',
      ),
    ).toBe('# 2026-11-15\nSunday 15.11.2026 at 09:05 (2026-11-15 09:05)');
    expect(journalEntryStart('{{date}} {{mood}} \\{{date}}', '2024-02-29', now, 'UTC')).toBe(
      '2024-02-29 {{mood}} {{date}}',
    );
    expect(journalEntryStart('', '2026-11-15', now, 'UTC')).toBe('');
  });
});

describe('journal.createEntry and the entry template', () => {
  let v: Awaited<ReturnType<typeof openTestVault>>;
  beforeEach(async () => {
    v = await openTestVault();
  });
  afterEach(() => v.close());

  it('an entry created without content starts from the template; given content wins', async () => {
    const settings = createSettingsStore(v.services);
    value(await settings.setGroup('journal', { entryTemplate: '## {{weekday}}\n\n- Grateful for: ' }));
    const made = value<{ content_markdown: string }>(
      await v.write('journal.createEntry', { date: '2026-11-15' }),
    );
    expect(made.content_markdown).toBe('## Sunday\n\n- Grateful for: ');
    expect((await v.db.journal.get('j2026-11-15'))?.markdown).toBe('## Sunday\n\n- Grateful for: ');
    const own = value<{ content_markdown: string }>(
      await v.write('journal.createEntry', { date: '2026-11-16', content: 'Mine' }),
    );
    expect(own.content_markdown).toBe('Mine');
  });

  it('without a template a new entry is empty, and a bad date still writes nothing', async () => {
    const made = value<{ content_markdown: string }>(
      await v.write('journal.createEntry', { date: '2026-11-15' }),
    );
    expect(made.content_markdown).toBe('');
    value(await createSettingsStore(v.services).setGroup('journal', { entryTemplate: '{{date}}' }));
    const refused = await v.write('journal.createEntry', { date: '2026-02-30' });
    expect(refused.ok).toBe(false);
    expect(await v.db.journal.count()).toBe(1);
  });
});
