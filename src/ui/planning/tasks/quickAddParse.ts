import { casual } from 'chrono-node/en';
import type { RepeatConfig } from '../../../worker/domain/tasks/repeat/repeatConfig';

/**
 * Natural-language quick-add (issue 19 part 7, docs/tasks.md "Quick add"): "Pay rent next fri
 * !high #home +Website every month" becomes a task titled "Pay rent" with its due date, priority,
 * tag, project and repeat rule. Pure: the caller passes today and the projects; nothing is read.
 *
 * What it understands, each taken out of the title:
 * - dates and times through chrono-node's casual English parser ("tomorrow", "next fri",
 *   "in 3 days", "dec 5 at 3pm"), always forward from today;
 * - repeats: "every day|weekday|week|month|year", "every N days|weeks|months|years",
 *   "every monday[, wednesday and friday]", "daily", "weekly", "monthly", "yearly";
 * - priority: "!urgent", "!high", "!medium", "!low", or "!1" (urgent) to "!4" (low), Todoist's order;
 * - tags: "#home", "#work/admin";
 * - a project: "+Website", matched against the project names without case, spaces or dashes,
 *   exactly or as the one name that starts with it.
 * A part can be dismissed (`ignore`): its text stays in the title. Text it does not understand is
 * left alone, so "Buy milk" is just "Buy milk".
 */
export type QuickAddPartKind = 'date' | 'repeat' | 'priority' | 'tag' | 'project';

export interface QuickAddPart {
  kind: QuickAddPartKind;
  /** the words in the typed text, as typed */
  text: string;
  /** what it was read as, for the preview ("Due Fri 4 Dec", "Priority: High") */
  label: string;
}

export interface QuickAddFields {
  title: string;
  dueDate?: string;
  dueTime?: string;
  priority?: number;
  tags?: string[];
  projectId?: string;
  repeatConfig?: RepeatConfig;
}

export interface QuickAddResult {
  fields: QuickAddFields;
  parts: QuickAddPart[];
}

export interface QuickAddContext {
  /** now, in the user's time zone */
  now: Date;
  projects: readonly { id: string; name: string }[];
  /** part texts the user dismissed: left in the title */
  ignore?: ReadonlySet<string>;
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const DAY_NAMES: Record<string, (typeof WEEKDAYS)[number]> = {
  sunday: 'sun',
  monday: 'mon',
  tuesday: 'tue',
  wednesday: 'wed',
  thursday: 'thu',
  friday: 'fri',
  saturday: 'sat',
  sun: 'sun',
  mon: 'mon',
  tue: 'tue',
  tues: 'tue',
  wed: 'wed',
  thu: 'thu',
  thur: 'thu',
  thurs: 'thu',
  fri: 'fri',
  sat: 'sat',
};
const PRIORITY_WORDS: Record<string, number> = {
  urgent: 4,
  high: 3,
  medium: 2,
  med: 2,
  low: 1,
  '1': 4,
  '2': 3,
  '3': 2,
  '4': 1,
};
const PRIORITY_NAMES = ['None', 'Low', 'Medium', 'High', 'Urgent'];
const UNITS: Record<string, RepeatConfig['frequency']> = {
  day: 'daily',
  week: 'weekly',
  month: 'monthly',
  year: 'yearly',
};
const ADVERBS: Record<string, RepeatConfig['frequency']> = {
  daily: 'daily',
  weekly: 'weekly',
  monthly: 'monthly',
  yearly: 'yearly',
  annually: 'yearly',
};

const DAY = '(?:sun|mon|tue|tues|wed|thu|thur|thurs|fri|sat)(?:day|nesday|sday|urday|rsday)?';
const REPEAT_RE = new RegExp(
  `(?:^|\\s)(every\\s+(?:(\\d{1,3})\\s+(day|week|month|year)s?|(other)\\s+(day|week|month|year)|(day|weekday|week|month|year)|(${DAY}(?:\\s*(?:,|and|&)\\s*${DAY})*))|(daily|weekly|monthly|yearly|annually))(?=\\s|$)`,
  'i',
);
const PRIORITY_RE = /(?:^|\s)(!(urgent|high|medium|med|low|[1-4]))(?=\s|$)/i;
const TAG_RE = /(?:^|\s)(#([\p{L}\p{N}_][\p{L}\p{N}_/-]*))(?=\s|$)/gu;
const PROJECT_RE = /(?:^|\s)(\+([\p{L}\p{N}][\p{L}\p{N}_-]*))(?=\s|$)/u;

/** Local calendar date as YYYY-MM-DD. */
function isoDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

function squash(s: string): string {
  return s.toLowerCase().replace(/[\s_-]+/g, '');
}

function findProject(word: string, projects: QuickAddContext['projects']) {
  const key = squash(word);
  const exact = projects.find((p) => squash(p.name) === key);
  if (exact) return exact;
  const starts = projects.filter((p) => squash(p.name).startsWith(key));
  return starts.length === 1 ? starts[0] : undefined;
}

function dayList(text: string): RepeatConfig['weekdays'] {
  const out: NonNullable<RepeatConfig['weekdays']> = [];
  for (const w of text.toLowerCase().split(/\s*(?:,|and|&)\s*|\s+/)) {
    const d = DAY_NAMES[w];
    if (d && !out.includes(d)) out.push(d);
  }
  return out;
}

function repeatFrom(m: RegExpExecArray): { config: RepeatConfig; label: string } | null {
  const [, , n, unit, other, otherUnit, single, days, adverb] = m;
  if (adverb) {
    const frequency = ADVERBS[adverb.toLowerCase()];
    return frequency ? { config: { frequency, interval: 1 }, label: `Repeats ${frequency}` } : null;
  }
  if (n && unit) {
    const interval = Number(n);
    if (interval < 1) return null;
    return {
      config: { frequency: UNITS[unit.toLowerCase()] as RepeatConfig['frequency'], interval },
      label: `Repeats every ${interval} ${unit.toLowerCase()}s`,
    };
  }
  if (other && otherUnit) {
    return {
      config: { frequency: UNITS[otherUnit.toLowerCase()] as RepeatConfig['frequency'], interval: 2 },
      label: `Repeats every other ${otherUnit.toLowerCase()}`,
    };
  }
  if (single) {
    const s = single.toLowerCase();
    if (s === 'weekday') {
      return {
        config: { frequency: 'weekly', interval: 1, weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'] },
        label: 'Repeats every weekday',
      };
    }
    return {
      config: { frequency: UNITS[s] as RepeatConfig['frequency'], interval: 1 },
      label: `Repeats every ${s}`,
    };
  }
  if (days) {
    const weekdays = dayList(days);
    if (!weekdays || weekdays.length === 0) return null;
    return {
      config: { frequency: 'weekly', interval: 1, weekdays },
      label: `Repeats every ${days.toLowerCase()}`,
    };
  }
  return null;
}

/** The next date on or after `from` that falls on one of `weekdays`. */
function nextWeekday(from: Date, weekdays: readonly string[]): Date {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate());
  for (let i = 0; i < 7; i++) {
    if (weekdays.includes(WEEKDAYS[d.getDay()] as string)) return d;
    d.setDate(d.getDate() + 1);
  }
  return d;
}

function dueLabel(date: string, time: string | undefined, now: Date): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(y, m - 1, d);
  const text = day.toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(y !== now.getFullYear() ? { year: 'numeric' } : {}),
  });
  return time ? `Due ${text}, ${time}` : `Due ${text}`;
}

/** Reads a quick-add line. The title is what is left, with runs of spaces closed up. */
export function parseQuickAdd(input: string, ctx: QuickAddContext): QuickAddResult {
  const ignore = ctx.ignore ?? new Set<string>();
  const parts: QuickAddPart[] = [];
  const fields: Omit<QuickAddFields, 'title'> = {};
  let rest = ` ${input} `;
  // Each found part is cut out of `rest`; a dismissed one is masked so later passes skip it and
  // put back at the end.
  const masked: string[] = [];
  const cut = (whole: string, start: number, length: number, keep: boolean) => {
    const replacement = keep ? ` \uE000${masked.push(whole) - 1}\uE000 ` : ' ';
    rest = rest.slice(0, start) + replacement + rest.slice(start + length);
  };

  const repeat = REPEAT_RE.exec(rest);
  if (repeat?.[1]) {
    const read = repeatFrom(repeat);
    const at = repeat.index + repeat[0].indexOf(repeat[1]);
    if (read) {
      const keep = ignore.has(repeat[1]);
      if (!keep) {
        fields.repeatConfig = read.config;
        parts.push({ kind: 'repeat', text: repeat[1], label: read.label });
      }
      cut(repeat[1], at, repeat[1].length, keep);
    }
  }

  const priority = PRIORITY_RE.exec(rest);
  if (priority?.[1] && priority[2]) {
    const value = PRIORITY_WORDS[priority[2].toLowerCase()];
    const keep = ignore.has(priority[1]);
    if (value !== undefined && !keep) {
      fields.priority = value;
      parts.push({ kind: 'priority', text: priority[1], label: `Priority: ${PRIORITY_NAMES[value]}` });
    }
    cut(priority[1], priority.index + priority[0].indexOf(priority[1]), priority[1].length, keep);
  }

  const project = PROJECT_RE.exec(rest);
  if (project?.[1] && project[2]) {
    const found = findProject(project[2], ctx.projects);
    if (found) {
      const keep = ignore.has(project[1]);
      if (!keep) {
        fields.projectId = found.id;
        parts.push({ kind: 'project', text: project[1], label: `Project: ${found.name}` });
      }
      cut(project[1], project.index + project[0].indexOf(project[1]), project[1].length, keep);
    }
  }

  const tags: string[] = [];
  for (;;) {
    TAG_RE.lastIndex = 0;
    const tag = TAG_RE.exec(rest);
    if (!tag?.[1] || !tag[2]) break;
    const keep = ignore.has(tag[1]);
    if (!keep && !tags.includes(tag[2])) {
      tags.push(tag[2]);
      parts.push({ kind: 'tag', text: tag[1], label: `Tag: #${tag[2]}` });
    }
    cut(tag[1], tag.index + tag[0].indexOf(tag[1]), tag[1].length, keep);
  }
  if (tags.length > 0) fields.tags = tags;

  // Dates last: the words above are gone, so "every monday" is not also read as a due date.
  const dates = casual.parse(rest, ctx.now, { forwardDate: true });
  // "now" is how people talk ("call him now"), not a due time.
  const date = dates.find((d) => !d.text.includes('\uE000') && !/^(right )?now$/i.test(d.text.trim()));
  if (date) {
    const keep = ignore.has(date.text.trim());
    if (!keep) {
      const at = date.start.date();
      fields.dueDate = isoDate(at);
      if (date.start.isCertain('hour')) {
        fields.dueTime = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
      }
      parts.push({
        kind: 'date',
        text: date.text.trim(),
        label: dueLabel(fields.dueDate, fields.dueTime, ctx.now),
      });
    }
    cut(date.text, date.index, date.text.length, keep);
  }
  // A repeat with no date starts at its first occurrence from today.
  if (fields.repeatConfig && !fields.dueDate) {
    const weekdays = fields.repeatConfig.weekdays;
    fields.dueDate = isoDate(weekdays ? nextWeekday(ctx.now, weekdays) : ctx.now);
  }

  const title = rest
    .replace(/\uE000(\d+)\uE000/g, (_, i: string) => masked[Number(i)] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  // Nothing left for a title: the whole line stays the title, read as nothing.
  if (title === '') return { fields: { title: input.trim() }, parts: [] };
  // Shown in reading order: when, how often, how important, where, labels.
  const order: QuickAddPartKind[] = ['date', 'repeat', 'priority', 'project', 'tag'];
  parts.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  return { fields: { title, ...fields }, parts };
}
