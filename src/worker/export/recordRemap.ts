import { toPayload } from '../sync/recordPayloads';

/**
 * A record with every id `map` renames replaced, wherever it sits (a field, an array, a nested
 * object: `projectId`, `parentId`, a canvas card's `entity_id`, a bookmark's `itemId`, ...).
 * Ids are random strings, so an exact match is that id and nothing else.
 */
export function remapIds(value: unknown, map: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return map.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => remapIds(v, map));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = remapIds(v, map);
    return out;
  }
  return value;
}

/** JSON with sorted keys: equal records compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * Whether the vault's row holds the same record as the backup's (its synced fields, the clock
 * aside: the same content reached by another route is the same content). A journal entry's
 * derived `tags` and `wordCount` follow its text and are left out.
 */
export function sameRecord(
  type: string,
  existing: Record<string, unknown>,
  incoming: Record<string, unknown>,
): boolean {
  const strip = (r: Record<string, unknown>) => {
    const { clock: _c, syncedAt: _s, ...rest } = r;
    if (type === 'journal') {
      delete rest.tags;
      delete rest.wordCount;
    }
    return rest;
  };
  return canonical(strip(toPayload(type, existing))) === canonical(strip(toPayload(type, incoming)));
}
