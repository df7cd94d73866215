/**
 * Template variables: `{{name}}`, spaces inside the braces allowed (`{{ date }}`), names of
 * letters, digits, `_` and `-`. Built-ins (in the vault's time zone, at the moment of applying):
 * date (YYYY-MM-DD), time (HH:MM, 24 h), datetime (`date time`), year, month (01-12),
 * day (01-31), weekday (English name), title (the note's title). A caller's own variables win
 * over built-ins of the same name. An unknown name is left as written, so a template that
 * talks about `{{braces}}` is not damaged; `\{{x}}` writes a literal `{{x}}`.
 */
export const VARIABLE = /(\\?)\{\{\s*([A-Za-z0-9_-]+)\s*\}\}/g;

export interface RenderContext {
  /** epoch ms of "now" */
  now: number;
  /** IANA time zone the date and time are read in */
  timeZone: string;
  title: string;
  variables?: Readonly<Record<string, string>>;
}

/** The built-in variables at `now` in `timeZone`. */
export function builtInVariables(now: number, timeZone: string, title: string): Record<string, string> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    weekday: 'long',
  }).formatToParts(new Date(now));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  const time = `${part('hour')}:${part('minute')}`;
  return {
    date,
    time,
    datetime: `${date} ${time}`,
    year: part('year'),
    month: part('month'),
    day: part('day'),
    weekday: part('weekday'),
    title,
  };
}

/** `text` with every known `{{variable}}` replaced. */
export function renderTemplate(text: string, ctx: RenderContext): string {
  const values = { ...builtInVariables(ctx.now, ctx.timeZone, ctx.title), ...ctx.variables };
  return text.replace(VARIABLE, (whole, escaped: string, name: string) => {
    if (escaped) return whole.slice(1);
    return Object.hasOwn(values, name) ? (values[name] as string) : whole;
  });
}

/** The variable names a template uses (for the UI to ask for the caller's own). */
export function variablesIn(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(VARIABLE)) if (!m[1]) names.add(m[2] as string);
  return [...names];
}
