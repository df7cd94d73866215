import type { RecordLine } from './backupFormat';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads a records file (backupFormat.ts) line by line from its Blob, never as one string: each
 * line between `[` and `]` is one JSON record line (a trailing comma dropped). Answers an error
 * message for the first line that is not a record line (then `onLine` has seen the lines
 * before it: callers read the whole backup once before writing anything).
 */
export async function readRecordLines(
  file: Blob,
  onLine: (line: RecordLine) => void | Promise<void>,
): Promise<string | null> {
  const reader = file.stream().pipeThrough(new TextDecoderStream()).getReader();
  let rest = '';
  let n = 0;
  const take = async (raw: string): Promise<string | null> => {
    n++;
    const text = raw.trim().replace(/,$/, '');
    if (text === '' || text === '[' || text === ']') return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return `line ${n} is not JSON`;
    }
    if (
      !isObject(value) ||
      typeof value.id !== 'string' ||
      !isObject(value.clock) ||
      !isObject(value.record) ||
      (value.file !== undefined && typeof value.file !== 'string')
    )
      return `line ${n} is not a record (id, clock, record)`;
    await onLine(value as unknown as RecordLine);
    return null;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    rest += value;
    // lines are cut by index, the remainder kept once per chunk (never re-copied per line)
    let from = 0;
    for (let at = rest.indexOf('\n'); at !== -1; at = rest.indexOf('\n', from)) {
      const bad = await take(rest.slice(from, at));
      if (bad) {
        await reader.cancel();
        return bad;
      }
      from = at + 1;
    }
    rest = rest.slice(from);
  }
  return take(rest);
}
