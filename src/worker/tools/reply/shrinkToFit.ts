import { jsonBytes, utf8Length } from './jsonBytes';

/** What a shrunk value kept: `first k of n items of notes`, for the truncation message. */
export interface Shrunk {
  value: unknown;
  kept: string;
}

function prefixOfArray(items: readonly unknown[], budget: number, where: string): Shrunk | null {
  // JSON of a prefix = brackets + items + commas, so one serialisation per item is enough.
  let used = 2;
  let count = 0;
  for (const item of items) {
    const next = used + jsonBytes(item) + (count === 0 ? 0 : 1);
    if (next > budget) break;
    used = next;
    count++;
  }
  if (used > budget) return null;
  return { value: items.slice(0, count), kept: `the first ${count} of ${items.length} items of ${where}` };
}

function prefixOfString(text: string, budget: number, where: string): Shrunk | null {
  // Every character is at least one byte, so `budget` characters is an upper bound; shrink in proportion.
  let n = Math.max(0, Math.min(text.length, budget));
  for (;;) {
    if (n > 0 && /[\uD800-\uDBFF]/.test(text.charAt(n - 1))) n--;
    const bytes = utf8Length(JSON.stringify(text.slice(0, n)));
    if (bytes <= budget) break;
    if (n === 0) return null;
    n = Math.max(0, Math.min(n - 1, Math.floor((n * budget) / bytes)));
  }
  return { value: text.slice(0, n), kept: `the first ${n} of ${text.length} characters of ${where}` };
}

function shrinkObject(
  obj: Record<string, unknown>,
  budget: number,
  where: string,
  depth: number,
): Shrunk | null {
  // Keep every member whole except the biggest, which is shrunk into what is left.
  const entries = Object.entries(obj);
  if (entries.length === 0) return null;
  const sizes = entries.map(([, v]) => jsonBytes(v));
  const biggest = sizes.indexOf(Math.max(...sizes));
  const [key, member] = entries[biggest]!;
  const rest = jsonBytes({ ...obj, [key]: null }) - 4;
  const inner = shrinkValue(member, budget - rest, where === '' ? key : `${where}.${key}`, depth + 1);
  if (inner === null) return null;
  return { value: { ...obj, [key]: inner.value }, kept: inner.kept };
}

/**
 * The largest useful part of `value` whose JSON fits in `budget` bytes: a prefix of a list, a
 * prefix of a string, or an object with its biggest member shrunk the same way (its other members
 * whole). Null when no part fits. Never reorders, never invents a value.
 */
export function shrinkValue(value: unknown, budget: number, where = 'the reply', depth = 0): Shrunk | null {
  if (jsonBytes(value) <= budget) return { value, kept: `all of ${where}` };
  // An object's other members can leave its biggest one no room, or less than none: the smallest
  // JSON part ("" or []) takes 2 bytes. (A negative budget once sent prefixOfString's loop below 0
  // for ever: the vault worker hung, and so did CI on a random property input.)
  if (depth > 6 || budget < 2) return null;
  if (Array.isArray(value)) return prefixOfArray(value, budget, where);
  if (typeof value === 'string') return prefixOfString(value, budget, where);
  if (value !== null && typeof value === 'object') {
    return shrinkObject(value as Record<string, unknown>, budget, where === 'the reply' ? '' : where, depth);
  }
  return null;
}
